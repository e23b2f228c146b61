import Foundation

/// The reminders `due --notify` has already shown, so that a timer running every few minutes
/// notifies once per reminder. Kept in the user's state folder as `notified.json`: for each vault,
/// session ids and the reminder time they were notified for (a new time notifies again).
public struct NotificationLog: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public init?(environment: [String: String]) {
        guard let state = StateFolder.path(environment: environment) else { return nil }
        self.init(path: state + "/notified.json")
    }

    private typealias Record = [String: [String: Int]]

    /// The reminders of `due` that have not been notified yet.
    public func unnotified(_ due: [PendingReminder], vault: String) -> [PendingReminder] {
        let seen = read()[vault] ?? [:]
        return due.filter { seen[$0.id.uuidString] != Int($0.date.timeIntervalSince1970) }
    }

    /// Records `notified` as shown, and forgets reminders of the vault that are no longer pending.
    public func record(_ notified: [PendingReminder], vault: String, pending: [PendingReminder]) throws(VaultError) {
        var record = read()
        let live = Set(pending.map(\.id.uuidString))
        var seen = (record[vault] ?? [:]).filter { live.contains($0.key) }
        for reminder in notified { seen[reminder.id.uuidString] = Int(reminder.date.timeIntervalSince1970) }
        record[vault] = seen.isEmpty ? nil : seen
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(record) else { return }
        try FileIO.createDirectories(FileIO.parentPath(of: path))
        try FileIO.overwrite(path, contents: Array(data) + [0x0A])
    }

    private func read() -> Record {
        guard let bytes = try? FileIO.read(path),
              let record = try? JSONDecoder().decode(Record.self, from: Data(bytes)) else { return [:] }
        return record
    }
}
