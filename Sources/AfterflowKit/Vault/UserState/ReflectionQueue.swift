import Foundation

/// A quick reflection that could not be written when it was typed, kept until it can be.
public struct QueuedReflection: Codable, Sendable, Hashable {
    public var version = 1
    /// The vault's root folder, absolute.
    public var vault: String
    /// The session's id, when the session could be found; otherwise `reference` is resolved later.
    public var session: String?
    /// The reference as the user typed it.
    public var reference: String
    /// The reflection, trimmed.
    public var text: String
    /// When it was typed: `2024-12-11T09:12:05-08:00`.
    public var typed: String
    public var prepend: Bool
    /// `typed` to the nanosecond, for the file name's order; not stored.
    var typedInstant: Date?

    enum CodingKeys: String, CodingKey {
        case version, vault, session, reference, text, typed, prepend
    }

    public init(vault: String, session: UUID?, reference: String, text: String, typed: Date, timeZone: TimeZone, prepend: Bool) {
        self.typedInstant = typed
        self.vault = vault
        self.session = session?.uuidString
        self.reference = reference
        self.text = text
        self.typed = LocalDate(typed, in: timeZone).canonical(in: timeZone)
        self.prepend = prepend
    }

    /// The instant it was typed.
    public var typedDate: Date? {
        LocalDate.parse(typed).map { $0.date(in: TimeZone(identifier: "UTC") ?? .current) }
    }
}

/// Reflections waiting to be written, one JSON file each (0600) in the user's state folder, named
/// by the time they were typed so that a listing gives them in order.
///
/// At most `capacity` wait; the queue has its own lock, so two processes never replay the same
/// reflection twice or overfill it.
public struct ReflectionQueue: Sendable {
    public let directory: String
    /// How long to wait for another process to finish with the queue, in seconds.
    public var lockTimeout: TimeInterval = 10

    public static let capacity = 100
    /// From this many waiting reflections on, adding one comes with a warning.
    public static let warningThreshold = 90

    public init(directory: String) {
        self.directory = directory
    }

    /// `$XDG_STATE_HOME/afterflow/queue`, else `~/.local/state/afterflow/queue`.
    public init?(environment: [String: String]) {
        guard let state = StateFolder.path(environment: environment) else { return nil }
        self.init(directory: state + "/queue")
    }

    /// One waiting reflection and its file name.
    public struct Item: Sendable, Hashable {
        public var name: String
        public var reflection: QueuedReflection
    }

    /// Every waiting reflection, oldest first; files that cannot be read are left out and kept.
    public func items() -> [Item] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { !$0.hasPrefix(".") && $0.hasSuffix(".json") }
            .sorted()
        return names.compactMap { name in
            guard let bytes = try? FileIO.read(directory + "/" + name),
                  let reflection = try? JSONDecoder().decode(QueuedReflection.self, from: Data(bytes)) else { return nil }
            return Item(name: name, reflection: reflection)
        }
    }

    /// The waiting reflections for the vault at `root`, oldest first.
    public func items(forVault root: String) -> [Item] {
        items().filter { $0.reflection.vault == root }
    }

    /// Adds a reflection; returns how many wait now, this one included. Refuses when `capacity`
    /// are already waiting.
    @discardableResult
    public func enqueue(_ reflection: QueuedReflection) throws(VaultError) -> Int {
        try FileIO.createDirectories(directory)
        return try withLock { () throws(VaultError) -> Int in
            let count = items().count
            guard count < ReflectionQueue.capacity else {
                throw VaultError(.full, "the reflection queue is full: \(count) reflections are waiting in \(directory); nothing was added",
                                 details: ["They are saved the next time afterflow can write to their vault; run any afterflow command there."])
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data: Data
            do {
                data = try encoder.encode(reflection)
            } catch {
                throw VaultError(.invalid, "cannot encode the reflection for the queue: \(error)")
            }
            try FileIO.create(directory + "/" + fileName(for: reflection), contents: Array(data) + [0x0A])
            return count + 1
        }
    }

    /// Removes a reflection once it is written.
    public func remove(_ item: Item) throws(VaultError) {
        try FileIO.remove(directory + "/" + item.name)
    }

    /// Runs `body` holding the queue's lock.
    public func withLock<T>(_ body: () throws(VaultError) -> T) throws(VaultError) -> T {
        try FileIO.createDirectories(directory)
        return try VaultLock.withLock(file: directory + "/.lock", name: "the reflection queue's lock", timeout: lockTimeout, body)
    }

    /// `<nanoseconds since 1970, 20 digits>-<pid>-<random>.json`: sorts by the time it was typed.
    func fileName(for reflection: QueuedReflection) -> String {
        // A reflection without a time (never one afterflow queues) sorts first.
        let typed = reflection.typedInstant ?? reflection.typedDate ?? Date(timeIntervalSince1970: 0)
        let nanoseconds = Int64(typed.timeIntervalSince1970 * 1_000_000_000)
        let stamp = String(nanoseconds)
        let padded = String(repeating: "0", count: max(0, 20 - stamp.count)) + stamp
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return "\(padded)-\(getpid())-\(random).json"
    }
}
