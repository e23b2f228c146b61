import Foundation

/// Two observers' records of one session compared: for each goal both recorded, every agreement
/// algorithm that fits its measure (see `AgreementAlgorithm`), each with the numbers it came from.
///
/// Both records are put on the primary record's clock (seconds from its start), so that counts
/// are binned from the two files' shared start and intervals line up by time. Trials are paired in
/// order; latency, ABC and task goals have no agreement algorithm of the reference and are listed
/// without figures.
public struct ObserverComparison: Sendable {
    public struct Goal: Sendable {
        public let short: String
        public let measure: GoalMeasure
        public let figures: [AgreementFigure]
        /// Why a goal has no figure, or an algorithm could not be computed.
        public let notes: [String]
    }

    public let goals: [Goal]
    public let binSeconds: TimeInterval

    /// The lowest rounded figure of the comparison: the one held against 80 %.
    public var lowest: Double? { goals.flatMap(\.figures).compactMap(\.rounded).min() }

    public init(primary: TrialSession, reliability: TrialSession, record: ClientRecord, binSeconds: TimeInterval = 10) {
        self.binSeconds = binSeconds
        guard let clock = SessionTimeline(primary), let other = SessionTimeline(reliability) else {
            goals = []
            return
        }
        // The reliability record's seconds on the primary's clock.
        let shift = TimeInterval((other.startSecond - clock.startSecond + 86_400 + 43_200) % 86_400 - 43_200)
        let sides = Sides(primary: primary, reliability: reliability, clock: clock, other: other, shift: shift)
        var names: [String] = []
        for name in (primary.trials.map(\.goal) + primary.events.map(\.goal)).map({ $0.lowercased() }) where !names.contains(name) {
            names.append(name)
        }
        goals = names.compactMap { name in
            guard let goal = record.goal(name) else { return nil }
            return sides.compare(goal, binSeconds: binSeconds)
        }
    }

    /// The two records of a session, on one clock.
    private struct Sides {
        let primary: TrialSession
        let reliability: TrialSession
        let clock: SessionTimeline
        let other: SessionTimeline
        let shift: TimeInterval

        func events(_ short: String) -> (primary: [BehaviourEvent], reliability: [BehaviourEvent]) {
            (primary.events.filter { $0.goal.lowercased() == short }, reliability.events.filter { $0.goal.lowercased() == short })
        }

        func compare(_ goal: GoalRecord, binSeconds: TimeInterval) -> Goal {
            let measure = goal.goal.measure
            let (mine, theirs) = events(goal.short)
            var figures: [AgreementFigure] = []
            var notes: [String] = []
            func attempt(_ body: () throws(AgreementError) -> [AgreementFigure]) {
                do { figures += try body() } catch { notes.append(error.message) }
            }
            switch measure {
            case .trials:
                let a = primary.trials.filter { $0.goal.lowercased() == goal.short }.map(\.success)
                let b = reliability.trials.filter { $0.goal.lowercased() == goal.short }.map(\.success)
                figures.append(ObserverAgreement.trialByTrial(primary: a, reliability: b))
            case .count:
                attempt { () throws(AgreementError) in
                    let bins = try BinnedCounts(primary: countRecord(mine, clock, 0), reliability: countRecord(theirs, other, shift), binSeconds: binSeconds)
                    return [ObserverAgreement.totalCount(bins), ObserverAgreement.meanCountPerInterval(bins), ObserverAgreement.exactCountPerInterval(bins)]
                }
            case .duration:
                let a = ranges(mine, clock, 0), b = ranges(theirs, other, shift)
                figures += [ObserverAgreement.totalDuration(primary: a, reliability: b), ObserverAgreement.meanDurationPerOccurrence(primary: a, reliability: b)]
            case .interval:
                attempt { () throws(AgreementError) in
                    let width = TimeInterval(goal.goal.intervalSeconds ?? 10)
                    let aligned = try AlignedIntervals(primary: intervals(mine, width: width, shift: 0, clock),
                                                       reliability: intervals(theirs, width: width, shift: shift, other))
                    return [ObserverAgreement.intervalByInterval(aligned), ObserverAgreement.scoredInterval(aligned), ObserverAgreement.unscoredInterval(aligned)]
                }
            case .latency, .abc, .task:
                notes.append("the reference has no agreement algorithm for \(measure.rawValue) goals; compare the two files by eye")
            }
            return Goal(short: goal.short, measure: measure, figures: figures, notes: notes)
        }

        func countRecord(_ events: [BehaviourEvent], _ timeline: SessionTimeline, _ shift: TimeInterval) -> CountRecord {
            CountRecord(start: shift, end: shift + timeline.window.end,
                        times: events.filter { $0.kind == .occurrence }.map { shift + timeline.seconds($0.time) })
        }

        func ranges(_ events: [BehaviourEvent], _ timeline: SessionTimeline, _ shift: TimeInterval) -> [ClosedRange<Double>] {
            BehaviourGoalFigures.episodes(events, timeline).map { episode in
                let stop = episode.stop ?? timeline.window.end
                return (shift + episode.start)...(shift + max(episode.start, stop))
            }
        }

        /// The intervals in order, the first starting at the record's start.
        func intervals(_ events: [BehaviourEvent], width: TimeInterval, shift: TimeInterval, _ timeline: SessionTimeline) -> IntervalRecord {
            let scores = events.compactMap { event -> Bool? in
                if case .interval(_, let scored) = event.kind { return scored } else { return nil }
            }
            return IntervalRecord(start: shift, widthSeconds: width, scores: scores)
        }
    }
}
