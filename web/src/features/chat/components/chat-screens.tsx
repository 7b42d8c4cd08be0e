import { ChatScreen } from './chat-screen.tsx'

export function SeakeeperChat() {
  return <ChatScreen key="seakeeper" expert="seakeeper" />
}

export function FurunoChat() {
  return <ChatScreen key="furuno" expert="furuno" />
}
