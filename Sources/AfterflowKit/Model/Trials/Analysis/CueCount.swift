/// How many trials were given at one cue (prompt) level, and how many of them were successes.
public struct CueCount: Sendable, Hashable {
    /// The level's name, lower case.
    public var level: String
    public var trials: Int
    public var successes: Int

    public init(level: String, trials: Int, successes: Int) {
        self.level = level
        self.trials = trials
        self.successes = successes
    }

    /// A count for every level of `cues`, in their order (zero where none was given), then any
    /// level the trials name that `cues` does not know (`check` reports those), in the order first
    /// seen.
    public static func tally<S: Sequence>(_ trials: S, cues: CueLevels) -> [CueCount] where S.Element == Trial {
        var tally = Tally(cues: cues)
        for trial in trials { tally.add(trial) }
        return tally.counts
    }

    /// `tally` one trial at a time.
    public struct Tally: Sendable {
        /// Every level of the vault's, in order, then the unknown ones as first seen.
        public private(set) var counts: [CueCount]
        private var place: [String: Int] = [:]

        public init(cues: CueLevels) {
            counts = cues.names.map { CueCount(level: $0, trials: 0, successes: 0) }
            for (index, name) in cues.names.enumerated() where place[name] == nil { place[name] = index }
        }

        public mutating func add(_ trial: Trial) {
            // Cue names are read in lower case; lowered again only when they are not.
            let index: Int
            if let known = place[trial.cue] {
                index = known
            } else {
                let level = trial.cue.lowercased()
                if let known = place[level] {
                    index = known
                } else {
                    index = counts.count
                    place[level] = index
                    counts.append(CueCount(level: level, trials: 0, successes: 0))
                }
            }
            counts[index].trials += 1
            if trial.success { counts[index].successes += 1 }
        }
    }

    var json: JSONValue {
        .object([("level", .string(level)), ("trials", .int(trials)), ("successes", .int(successes))])
    }
}
