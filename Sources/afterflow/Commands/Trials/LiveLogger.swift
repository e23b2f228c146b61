import AfterflowKit
import Foundation

/// The live logger of `afterflow log`, shared by the full screen and `--plain`: the library's
/// `LiveTrialSession` (the state and its rules) with the clocks read here, as the library reads
/// none. Reads of the session pass through (`logger.trials`, `logger.current`).
@dynamicMemberLookup
final class LiveLogger {

    private(set) var session: LiveTrialSession

    init(store: DocumentStore, path: String, goals: [LiveGoal], behaviours: [LiveBehaviour], clientName: String, known: Document, started: Date, neutral: Bool) {
        session = LiveTrialSession(store: store, path: path, goals: goals, clientName: clientName, known: known, started: started, neutral: neutral,
                                   behaviours: behaviours, launched: Self.moment())
    }

    subscript<T>(dynamicMember keyPath: KeyPath<LiveTrialSession, T>) -> T { session[keyPath: keyPath] }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Now, by both clocks.
    static func moment() -> LiveMoment { LiveMoment(wall: CommandClock.now, monotonic: now()) }

    /// Applies a key (see `LiveTrialSession.press`); a trial's line is on disk before this returns.
    func press(_ key: LiveKey, note: inout String?, onNote: (String?) -> Void) -> LiveKeyOutcome? {
        session.press(key, note: &note, at: Self.moment(), onNote: onNote)
    }

    func settle() { session.settle() }

    /// Whether the cue's time ran out; settles it then.
    func tick() -> Bool { session.tick(at: Self.moment()) }

    /// Whether an interval ended since the last call (the vault's bell or flash).
    func intervalEnded() -> Bool { session.intervalEnded(at: Self.moment()) }

    var countdown: Int? { session.countdown(at: Self.now()) }

    var shownMessage: (text: String, problem: Bool)? { session.shownMessage(at: Self.now()) }

    var timer: String { session.timer(at: CommandClock.now) }

    var clock: String { session.clock(at: CommandClock.now) }
}
