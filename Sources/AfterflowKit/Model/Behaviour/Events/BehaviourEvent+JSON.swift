extension BehaviourEvent {
    /// The event as `summary --format json` lists it: `time`, `goal`, `measure`, `what` (the word
    /// after the goal), the values its word takes (`interval` and `scored`; `antecedent`,
    /// `behaviour` and `consequence`; `step` and `result`), `note`, and `line`, the canonical line.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("time", .string(time.text)), ("goal", .string(goal)), ("measure", .string(measure.rawValue)),
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
