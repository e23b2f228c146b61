@testable import AfterflowKit
import Foundation

// The library reads no clock and no folder of its own (issue 21): its callers pass `now`, `home`
// and `$TMPDIR` in. These overloads are the system clock for the tests written before that, which
// call the library as the command did: with the time now.

extension DocumentStore {
    func create(_ values: SessionValues) throws(VaultError) -> (path: String, document: Document) {
        try create(values, now: Date())
    }

    @discardableResult
    func save(_ document: Document, over entry: VaultEntry) throws(VaultError) -> String {
        try save(document, over: entry, now: Date())
    }

    func update(_ entry: VaultEntry, _ change: (VaultEntry) throws(VaultError) -> Document) throws(VaultError) -> Update {
        try update(entry, now: Date(), change)
    }

    func addReflection(_ text: String, typedAt typed: Date, prepend: Bool, to entry: VaultEntry) throws(VaultError) -> Update {
        try addReflection(text, typedAt: typed, prepend: prepend, to: entry, now: Date())
    }

    func setReminder(_ date: LocalDate?, on entry: VaultEntry) throws(VaultError) -> Update {
        try setReminder(date, on: entry, now: Date())
    }
}

extension DocumentReference {
    func resolve(in source: some ReferenceSource, from directory: String) throws(VaultError) -> VaultEntry {
        try resolve(in: source, from: directory, now: Date())
    }
}

extension ReflectionQueue {
    func replay(into vault: Vault, lockTimeout: TimeInterval = 2) -> Replay {
        replay(into: vault, now: Date(), lockTimeout: lockTimeout)
    }
}

extension Trash {
    func delete(_ entry: VaultEntry) throws(VaultError) -> Entry { try delete(entry, now: Date()) }
    func keepCopy(of entry: VaultEntry) throws(VaultError) -> Entry { try keepCopy(of: entry, now: Date()) }
    func restore(_ entry: Entry) throws(VaultError) -> String { try restore(entry, now: Date()) }
    func empty(olderThan: Int? = nil) throws(VaultError) -> [Entry] { try empty(olderThan: olderThan, now: Date()) }
}

extension ICSWriter {
    init() { self.init(now: Date()) }
}

extension ReminderSchedule {
    init(timeZone: TimeZone) { self.init(timeZone: timeZone, now: Date()) }
}

extension TemporaryFiles {
    static func sweep(_ vault: Vault) -> [String] { sweep(vault, now: Date()) }
}

extension FileIO {
    static func makeTemporaryFolder(prefix: String) throws(VaultError) -> String {
        try makeTemporaryFolder(prefix: prefix, in: ProcessInfo.processInfo.environment["TMPDIR"])
    }
}

extension PDFEngine {
    func render(_ html: String, timeout: TimeInterval = 120) throws(VaultError) -> [UInt8] {
        try render(html, environment: ProcessInfo.processInfo.environment, timeout: timeout)
    }
}
