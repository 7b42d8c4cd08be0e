/** A refusal worth telling the person who uploaded the file, as a sentence. */
export class UnreadableDocument extends Error {}
