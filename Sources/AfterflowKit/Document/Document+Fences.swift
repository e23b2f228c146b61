/// A code fence left open hides every section after it: reported when read, and refused as the
/// place of a section write.
extension Document {
    /// Where the unclosed fence's marks are, 1-based, in this document.
    public var unclosedFenceLocation: SourceLocation? {
        unclosedFence.map { SourceLocation(line: $0.line + 1, column: $0.column) }
    }

    /// The warning on a body whose code fence is never closed, located at the fence.
    public var unclosedFenceWarning: Diagnostic? {
        guard let fence = unclosedFence, let location = unclosedFenceLocation else { return nil }
        return .warning("expected a closing \(fence.marks) for the code fence opened here, found the end of the file; "
                        + "the headings after it are read as code, not as sections", at: location)
    }

    /// Why no section can be written into this document, located at the fence in the file it was
    /// read from (`originalLocation(of:)`); nil when one can.
    ///
    /// A section written after the fence would be hidden in the code block, and one replaced
    /// before it would run to the end of the file, taking the hidden sections with it.
    public var sectionWriteRefusal: (message: String, location: SourceLocation)? {
        guard let fence = unclosedFence, let location = unclosedFenceLocation else { return nil }
        let onDisk = originalLocation(of: location)
        return ("the code fence \(fence.marks) opened on line \(onDisk.line) is never closed, so a section written into this file "
                + "would be hidden in it; close the \(fence.marks) opened on line \(onDisk.line), then try again", onDisk)
    }
}
