// Dexie runs on an in-memory IndexedDB in tests.
import 'fake-indexeddb/auto'
