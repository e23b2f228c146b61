import Foundation

/// Where a new trial line goes in a trial session document.
public enum TrialAppend {
    public enum Plan: Sendable {
        /// The bytes to append at the end of the file, and the document they make.
        case append([UInt8], Document)
        /// The whole new document, for an atomic replace.
        case replace(Document)
    }

    public static func plan(_ trial: Trial, in document: Document) -> Plan {
        let line = trial.lineText
        guard let section = document.section("Trials") else {
            let edited = document.settingSection("Trials", text: line, order: ["Notes", "Trials"])
            return .replace(edited)
        }
        // A trial of an earlier time than the last one (given with --at, or typed from paper)
        // goes after the last trial at or before its time, so that lines stay in the order they
        // happened. A time more than 12 hours earlier is read as after midnight, and appended.
        let earlier = TrialSession(document: document).trials.filter { $0.line.map(section.content.contains) ?? false }
        if let last = earlier.last, trial.time < last.time, last.time.secondsOfDay - trial.time.secondsOfDay < 12 * 3600,
           let before = earlier.last(where: { !(trial.time < $0.time) }) ?? Optional(earlier[0]), let anchor = before.line {
            let at = trial.time < before.time ? anchor : anchor + 1
            return .replace(document.replacingLines(at..<at, with: [line]))
        }
        // The last line that is not blank in the section.
        var last = section.content.upperBound - 1
        while last >= section.content.lowerBound && document.isBlank(last) { last -= 1 }
        let isLastSection = section.content.upperBound >= document.lines.count
        if isLastSection && last == document.lines.count - 1 && last >= section.content.lowerBound {
            var bytes: [UInt8] = []
            if let final = document.lines.last, !final.isTerminated { bytes += document.lineEnding.bytes }
            bytes += Array(line.utf8) + document.lineEnding.bytes
            return .append(bytes, Document(bytes: document.bytes + bytes))
        }
        if isLastSection && last < section.content.lowerBound {
            // An empty section at the end: one blank line after the heading, then the trial.
            let insertAt = section.content.lowerBound
            let lines = (insertAt < document.lines.count && document.isBlank(insertAt)) ? [line] : ["", line]
            let start = insertAt < document.lines.count && document.isBlank(insertAt) ? insertAt + 1 : insertAt
            if start == document.lines.count {
                var bytes: [UInt8] = []
                if let final = document.lines.last, !final.isTerminated { bytes += document.lineEnding.bytes }
                for l in lines { bytes += Array(l.utf8) + document.lineEnding.bytes }
                return .append(bytes, Document(bytes: document.bytes + bytes))
            }
            return .replace(document.replacingLines(start..<start, with: lines))
        }
        let at = max(last + 1, section.content.lowerBound)
        return .replace(document.replacingLines(at..<at, with: last < section.content.lowerBound ? ["", line] : [line]))
    }
}
