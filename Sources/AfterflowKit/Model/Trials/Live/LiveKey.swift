import Foundation

/// A key the live logger reads from the terminal (or a line of standard input).
public enum LiveKey: Equatable, Sendable {
    case up, down, left, right, enter, backspace, escape, interrupt
    case character(Character)

    /// A key that may choose a cue: a digit or a letter other than the logger's own.
    public var isCueChoice: Bool {
        guard case .character(let c) = self else { return false }
        return !"hjklnquHJKLNQU".contains(c)
    }
}

/// What a key asks of the front end beyond the session: to end it (`q`), or to leave it open (Ctrl-C).
public enum LiveKeyOutcome: Equatable, Sendable {
    case end
    case interrupt
}

extension LiveTrialSession {
    /// Applies `key`, the same for every front end: ↑ k success, ↓ j failure, ← h → l goal, u undo,
    /// n a note on the last trial, q end, a digit or letter a cue while one is being chosen.
    /// `note` is the note being typed, nil when none is; `onNote` is told its text after each
    /// change (nil when it closes). Returns an outcome when the run is over.
    public mutating func press(_ key: LiveKey, note: inout String?, at moment: LiveMoment, onNote: (String?) -> Void) -> LiveKeyOutcome? {
        if let text = note {
            type(key, into: text, note: &note, at: moment, onNote: onNote)
            return nil
        }
        switch key {
        case .interrupt: return .interrupt
        case .up, .character("k"), .character("K"): log(success: true, at: moment)
        case .down, .character("j"), .character("J"): log(success: false, at: moment)
        case .left, .character("h"), .character("H"): move(by: -1)
        case .right, .character("l"), .character("L"): move(by: 1)
        case .character("u"), .character("U"): undo(at: moment)
        case .character("n"), .character("N"):
            settle()
            guard let last = trials.last else {
                self.note("", at: moment)  // tells that there is no trial
                return nil
            }
            note = last.note
            onNote(last.note)
        case .character("q"), .character("Q"):
            settle()
            return .end
        case .character(let c):
            if pending != nil { choose(c, at: moment) }
        default:
            break
        }
        return nil
    }

    /// A key while a note is typed: Enter keeps it, Esc or Ctrl-C leaves the note as it was.
    private mutating func type(_ key: LiveKey, into text: String, note: inout String?, at moment: LiveMoment, onNote: (String?) -> Void) {
        var text = text
        switch key {
        case .enter:
            note = nil
            self.note(text, at: moment)
            onNote(nil)
        case .escape, .interrupt:
            note = nil
            onNote(nil)
        case .backspace:
            if !text.isEmpty { text.removeLast() }
            note = text
            onNote(text)
        case .character(let c):
            text.append(c)
            note = text
            onNote(text)
        default:
            break
        }
    }
}
