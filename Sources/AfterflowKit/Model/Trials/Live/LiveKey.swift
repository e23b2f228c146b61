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

extension LiveKey {
    /// The keys in what a terminal in raw mode sent: arrows (CSI or SS3, parameters skipped),
    /// Escape, Ctrl-C, Enter, Backspace and UTF-8 characters; other control bytes are dropped.
    /// A character cut at the end of `bytes` stays there for the next read; the rest is consumed.
    public static func decode(_ bytes: inout [UInt8]) -> [LiveKey] {
        var keys: [LiveKey] = []
        var i = 0
        let b = bytes
        while i < b.count {
            let byte = b[i]
            switch byte {
            case 0x1B:
                if i + 2 < b.count, b[i + 1] == 0x5B || b[i + 1] == 0x4F {
                    // CSI or SS3: arrows are the final byte; skip any parameters.
                    var j = i + 2
                    while j < b.count, (0x30...0x3F).contains(b[j]) { j += 1 }
                    guard j < b.count else { i = b.count; break }
                    switch b[j] {
                    case 0x41: keys.append(.up)
                    case 0x42: keys.append(.down)
                    case 0x43: keys.append(.right)
                    case 0x44: keys.append(.left)
                    default: break
                    }
                    i = j + 1
                } else {
                    keys.append(.escape)
                    i += 1
                }
            case 0x03: keys.append(.interrupt); i += 1
            case 0x0D, 0x0A: keys.append(.enter); i += 1
            case 0x7F, 0x08: keys.append(.backspace); i += 1
            case 0x00..<0x20: i += 1
            default:
                // One UTF-8 character.
                var length = 1
                if byte >= 0xF0 { length = 4 } else if byte >= 0xE0 { length = 3 } else if byte >= 0xC0 { length = 2 }
                guard i + length <= b.count else {
                    bytes = Array(b[i...])
                    return keys
                }
                if let text = String(bytes: b[i..<(i + length)], encoding: .utf8), let c = text.first { keys.append(.character(c)) }
                i += length
            }
        }
        bytes = []
        return keys
    }
}

/// What a key asks of the front end beyond the session: to end it (`q`), or to leave it open (Ctrl-C).
public enum LiveKeyOutcome: Equatable, Sendable {
    case end
    case interrupt
}

extension LiveTrialSession {
    /// Applies `key`, the same for every front end: ↑ k success, ↓ j failure, ← h → l goal, u undo,
    /// n a note on the last trial, q end (after asking, of each count, duration and abc goal with
    /// no line, whether it did not occur), a digit or letter a cue while one is being chosen.
    /// `note` is the note being typed, nil when none is; `onNote` is told its text after each
    /// change (nil when it closes). Returns an outcome when the run is over.
    public mutating func press(_ key: LiveKey, note: inout String?, at moment: LiveMoment, onNote: (String?) -> Void) -> LiveKeyOutcome? {
        if let text = note {
            type(key, into: text, note: &note, at: moment, onNote: onNote)
            return nil
        }
        if picker?.stage == .endNone { return pressEndNone(key, at: moment) }
        if key == .interrupt, picker == nil { return .interrupt }
        if pressBehaviour(key, at: moment) { return nil }
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
            // Each count, duration or abc goal with no line is asked about first (`none`).
            return askNoneBeforeEnd(at: moment) ? nil : .end
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
