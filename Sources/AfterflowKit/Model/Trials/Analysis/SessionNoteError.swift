/// Why a draft session note was not written into a session's file.
public enum SessionNoteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `## Notes` already holds text, from its first non-blank line (1-based).
    case notesNotEmpty(line: Int)
    /// A code fence opened at `line` (1-based) is never closed: a `## Notes` heading written after
    /// it would read as code.
    case unclosedFence(line: Int)

    public var description: String {
        switch self {
        case .notesNotEmpty(let line):
            return "the session's notes already hold text (line \(line)); the draft never replaces what was written there: print it instead (afterflow note --print) and copy what helps"
        case .unclosedFence(let line):
            return "the code fence opened on line \(line) is never closed, so a notes section after it would read as code; close the fence, or print the draft instead (afterflow note --print)"
        }
    }
}
