extension BehaviourEvent {
    /// The event as `summary --format json` lists it: `time`, `goal`, `measure`, `what` (the word
    /// after the goal), the values its word takes (`interval` and `scored`; `antecedent`,
    /// `behaviour` and `consequence`; `step` and `result`), `note`, and `line`, the canonical line.
    /// A `none`'s measure is its goal's, `goalMeasure`, when that takes it, else null.
    public func json(goalMeasure: GoalMeasure? = nil) -> JSONValue {
        let measure = self.measure ?? goalMeasure.flatMap { kind.fits($0) ? $0 : nil }
        var pairs: [(String, JSONValue)] = [("time", .string(time.text)), ("goal", .string(goal)), ("measure", measure.map { .string($0.rawValue) } ?? .null),
                                            ("what", .string(kind.word))]
        switch kind {
        case .interval(let number, let scored): pairs += [("interval", .int(number)), ("scored", .bool(scored))]
        case .abc(let a, let b, let c): pairs += [("antecedent", .string(a)), ("behaviour", .string(b)), ("consequence", .string(c))]
        case .step(let number, let result): pairs += [("step", .int(number)), ("result", .string(result.text))]
        default: break
        }
        pairs += [("note", .string(note)), ("line", .string(String(lineText.dropFirst(2))))]
        return .object(pairs)
    }
}
