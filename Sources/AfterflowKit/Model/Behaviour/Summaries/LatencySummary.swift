import Foundation

/// One opportunity to respond: the cue (the instruction, SD) and the response's start, if any.
public struct LatencyOpportunity: Sendable, Hashable {
    public let cue: TimeInterval
    /// Nil when there was no response (recorded as "no response", never as the window's length).
    public let response: TimeInterval?

    public init(cue: TimeInterval, response: TimeInterval?) {
        self.cue = cue
        self.response = response
    }

    public init(cue: Date, response: Date?) {
        self.init(cue: cue.timeIntervalSinceReferenceDate, response: response?.timeIntervalSinceReferenceDate)
    }
}

/// Latencies from cue to response in one observation.
///
/// latency = response − cue, for each opportunity with a response; mean = Σ latency ÷
/// responses; median = the middle latency in order (the mean of the two middle ones for an even
/// count); range = shortest to longest. Opportunities with no response are counted, never given a
/// latency. A response before its cue is not a latency: it is left out of the figures and
/// counted in `responseBeforeCue`. Latencies 4, 6 and 12 s and one no response: mean 22 ÷ 3 =
/// 7.33 s, median 6 s, range 4-12 s, 1 of 4 unanswered.
public struct LatencySummary: Sendable, Hashable {
    public let opportunities: Int
    /// Seconds, in the order of the opportunities.
    public let latencies: [TimeInterval]
    public let unanswered: Int
    public let responseBeforeCue: Int

    public init(opportunities: [LatencyOpportunity]) {
        self.opportunities = opportunities.count
        let answered = opportunities.compactMap { o in o.response.map { $0 - o.cue } }
        latencies = answered.filter { $0 >= 0 }
        unanswered = opportunities.count - answered.count
        responseBeforeCue = answered.count - latencies.count
    }

    /// Opportunities with a response that counts.
    public var responses: Int { latencies.count }

    public var meanSeconds: TimeInterval? { latencies.isEmpty ? nil : latencies.reduce(0, +) / Double(latencies.count) }

    public var medianSeconds: TimeInterval? { Self.median(latencies) }

    public var shortestSeconds: TimeInterval? { latencies.min() }

    public var longestSeconds: TimeInterval? { latencies.max() }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted(), middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
