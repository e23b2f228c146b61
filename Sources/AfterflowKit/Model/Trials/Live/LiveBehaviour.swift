import Foundation

/// A goal of a behaviour measure (count, duration, latency, interval, ABC, task) as the live
/// logger logs it: its key, and the entry that turns what a key means into event lines (the one
/// `record` uses).
public struct LiveBehaviour: Sendable {
    public var short: String
    public var title: String
    /// The key that logs it (count, duration, latency) or opens its picker (ABC, task); an
    /// interval goal has none: `+` and `-` score its intervals.
    public var key: Character?
    public var entry: EventEntry
    /// The task's steps, in order (`steps:`), for a task goal.
    public var steps: [String]

    public var measure: GoalMeasure { entry.measure }

    public init(short: String, title: String, key: Character?, entry: EventEntry, steps: [String] = []) {
        self.short = short
        self.title = title
        self.key = key
        self.entry = entry
        self.steps = steps
    }

    /// The client's goals of a behaviour measure as logged, in the order given, each with its
    /// key (see `LiveLoggerKeys.behaviourKeys`, given in name order): keys never taken by the
    /// logger or a cue level.
    public static func of(_ records: [GoalRecord], config: VaultConfig) -> [LiveBehaviour] {
        // Keys are given in the order of the names, so that a goal keeps its key whichever
        // goals are chosen before it (--goal).
        let keyed = records.filter { $0.goal.measure != .interval }.map(\.short).sorted()
        let cueLetters = LiveLoggerKeys.cueKeys(for: Array(config.cueLevels.names.prefix(9))).map(\.key)
        let keys = LiveLoggerKeys.behaviourKeys(for: keyed, avoiding: Set(cueLetters))
        return records.map { record in
            LiveBehaviour(short: record.short, title: (record.goal.title ?? record.short).visible(),
                          key: record.goal.measure == .interval ? nil : keys[record.short],
                          entry: EventEntry(goal: record.short, of: record.goal, config: config), steps: record.goal.steps)
        }
    }
}

/// What the vault asks of the logger at each interval's end (`interval_signal:` in
/// `.afterflow/config.yml`): nothing, the terminal's bell, or a flash of the screen.
public enum IntervalSignal: String, Sendable, CaseIterable {
    case none, bell, flash
}
