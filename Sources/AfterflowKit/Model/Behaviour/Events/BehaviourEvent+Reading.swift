import Foundation

extension BehaviourEvent {
    /// What a line of `## Trials` holds when it is an event line (a list item whose time and goal
    /// are followed by one of `words`): the event, or where (0-based column in Unicode scalars)
    /// and what was expected.
    public enum LineReading: Sendable, Hashable {
        case event(BehaviourEvent)
        case malformed(column: Int, expected: String)
    }

    /// Reads one line as an event; nil when it is no event line (a trial, text, or a list item
    /// whose third word is none of `words`: `Trial.read` says what is wrong with it).
    public static func read(line text: String, index: Int? = nil) -> LineReading? {
        var words = LineWords(text)
        words.skipSpace()
        guard words.p < words.scalars.count, words.scalars[words.p] == "-" || words.scalars[words.p] == "*" else { return nil }
        words.p += 1
        guard words.p < words.scalars.count, words.scalars[words.p] == " " || words.scalars[words.p] == "\t" else { return nil }
        guard let time = TimeOfDay.parse(words.next().text) else { return nil }
        let goal = words.next()
        guard Trial.isShortName(goal.text) else { return nil }
        let word = words.next()
        guard BehaviourEvent.words.contains(word.text.lowercased()) else { return nil }
        let kind: Kind
        switch readKind(word.text.lowercased(), &words) {
        case .success(let k): kind = k
        case .failure(let problem): return .malformed(column: problem.column, expected: problem.expected)
        }
        return .event(BehaviourEvent(time: time, goal: goal.text, kind: kind, note: words.rest(), line: index))
    }

    struct Problem: Error { var column: Int; var expected: String }

    /// The values after the event's word.
    private static func readKind(_ word: String, _ words: inout LineWords) -> Result<Kind, Problem> {
        switch word {
        case "count": return .success(.occurrence)
        case "start": return .success(.start)
        case "stop": return .success(.stop)
        case "cue": return .success(.cue)
        case "response": return .success(.response)
        case "no-response": return .success(.noResponse)
        case "none": return .success(.noOccurrence)
        case "interval":
            let number = words.next()
            guard let n = Int(number.text), n >= 1, number.text.allSatisfy(\.isASCIIDigit) else {
                return .failure(Problem(column: number.start, expected: "the interval's number after interval (1 for the first), like 'interval 1 +', found \(found(number.text))"))
            }
            let score = words.next()
            guard score.text == "+" || score.text == "-" else {
                return .failure(Problem(column: score.start, expected: "+ (scored) or - (not scored) after the interval's number, found \(found(score.text))"))
            }
            return .success(.interval(number: n, scored: score.text == "+"))
        case "abc":
            var names: [String] = []
            for what in ["antecedent", "behaviour", "consequence"] {
                let w = words.next()
                guard Trial.isShortName(w.text) else {
                    return .failure(Problem(column: w.start, expected: "the \(what) (one word of letters, digits, - and _) in 'abc ANTECEDENT BEHAVIOUR CONSEQUENCE', like 'abc demand hitting escape', found \(found(w.text))"))
                }
                names.append(what == "behaviour" ? w.text : w.text.lowercased())
            }
            return .success(.abc(antecedent: names[0], behaviour: names[1], consequence: names[2]))
        default:
            let number = words.next()
            guard let n = Int(number.text), n >= 1, number.text.allSatisfy(\.isASCIIDigit) else {
                return .failure(Problem(column: number.start, expected: "the step's number after step (1 for the task's first), like 'step 3 + gestural', found \(found(number.text))"))
            }
            let result = words.next()
            if result.text.lowercased() == "n/a" { return .success(.step(number: n, result: .notApplicable)) }
            guard result.text == "+" || result.text == "-" else {
                return .failure(Problem(column: result.start, expected: "+ or - and a cue level, or n/a, after the step's number, like 'step 3 + gestural', found \(found(result.text))"))
            }
            let cue = words.next()
            guard Trial.isShortName(cue.text) else {
                return .failure(Problem(column: cue.start, expected: "a cue level after \(result.text), like 'step 3 \(result.text) independent', found \(found(cue.text))"))
            }
            return .success(.step(number: n, result: .done(success: result.text == "+", cue: cue.text.lowercased())))
        }
    }

    private static func found(_ text: String) -> String { text.isEmpty ? "nothing" : quoted(text) }
}

/// The words of a line, read one at a time with the column each starts at.
struct LineWords {
    let scalars: [Unicode.Scalar]
    var p = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    mutating func skipSpace() { while p < scalars.count, scalars[p] == " " || scalars[p] == "\t" { p += 1 } }

    /// The next word after any space, and its 0-based column.
    mutating func next() -> (start: Int, text: String) {
        skipSpace()
        let start = p
        while p < scalars.count, scalars[p] != " ", scalars[p] != "\t" { p += 1 }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[start..<p])
        return (start, String(s))
    }

    /// The rest of the line after any space, without trailing space: the note.
    mutating func rest() -> String {
        skipSpace()
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[p...])
        var note = String(s)
        while let last = note.last, last == " " || last == "\t" { note.removeLast() }
        return note
    }
}
