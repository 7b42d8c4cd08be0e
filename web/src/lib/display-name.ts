interface Person {
  firstName: string | null
  lastName: string | null
  email: string
}

/** Full name, else e-mail, else "User" (the navigation footer). */
export function displayName(person: Person | null | undefined): string {
  if (!person) return 'User'
  const full = [person.firstName, person.lastName].filter(Boolean).join(' ').trim()
  return full || person.email || 'User'
}

export function firstNameOrUser(person: Person | null | undefined): string {
  return person?.firstName?.trim() || 'User'
}
