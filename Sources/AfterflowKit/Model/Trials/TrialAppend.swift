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
        plan(lines: [trial.lineText], at: trial.time, in: document)
    }

    /// Where event lines go: as a trial's, in time order among the trials and events.
    public static func plan(_ events: [BehaviourEvent], in document: Document) -> Plan {
        plan(lines: events.map(\.lineText), at: events.first?.time ?? TimeOfDay(hour: 0, minute: 0, second: 0), in: document)
    }

    /// Lines of `## Trials` written at one place, found by the time of the first.
    static func plan(lines newLines: [String], at time: TimeOfDay, in document: Document) -> Plan {
        let line = newLines.joined(separator: "\n")
        guard let section = document.section("Trials") else {
            let edited = document.settingSection("Trials", text: line, order: ["Notes", "Trials"])
            return .replace(edited)
        }
        // A trial of an earlier time than the last one (given with --at, or typed from paper)
        // goes after the last trial at or before its time, so that lines stay in the order they
        // happened. A time more than 12 hours earlier is read as after midnight, and appended.
        let read = TrialSession(document: document)
        let earlier = (read.trials.map { (time: $0.time, line: $0.line) } + read.events.map { (time: $0.time, line: $0.line) })
            .filter { $0.line.map(section.content.contains) ?? false }
            .sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        if let last = earlier.last, time < last.time, last.time.secondsOfDay - time.secondsOfDay < 12 * 3600,
           let before = earlier.last(where: { !(time < $0.time) }) ?? Optional(earlier[0]), let anchor = before.line {
            let at = time < before.time ? anchor : anchor + 1
            return .replace(document.replacingLines(at..<at, with: newLines))
        }
        // The last line that is not blank in the section.
        var last = section.content.upperBound - 1
        while last >= section.content.lowerBound && document.isBlank(last) { last -= 1 }
        let isLastSection = section.content.upperBound >= document.lines.count
        if isLastSection && last == document.lines.count - 1 && last >= section.content.lowerBound {
            var bytes: [UInt8] = []
            if let final = document.lines.last, !final.isTerminated { bytes += document.lineEnding.bytes }
            for l in newLines { bytes += Array(l.utf8) + document.lineEnding.bytes }
            return .append(bytes, Document(bytes: document.bytes + bytes))
        }
        if isLastSection && last < section.content.lowerBound {
            // An empty section at the end: one blank line after the heading, then the trial.
            let insertAt = section.content.lowerBound
            let lines = (insertAt < document.lines.count && document.isBlank(insertAt)) ? newLines : [""] + newLines
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
        return .replace(document.replacingLines(at..<at, with: last < section.content.lowerBound ? [""] + newLines : newLines))
    }
}
