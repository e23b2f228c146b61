extension TrialCSV {
    /// Writes the rows of one client after another as bytes into a `ByteOutput`, in the order of
    /// `SortKey`, without sorting what is already in order: a client's sessions are put in order
    /// of their day (a hundred or so values, not every row), and only a day whose trials are not
    /// already in order by time and line (two sessions that day, or a trial written out of order)
    /// has its rows sorted. Values repeated on many rows (the session's id and day, the goal and
    /// its title, the cue) are quoted and guarded once.
    struct Writer {
        let output: ByteOutput
        let lineEnding: [UInt8]
        /// Trial rows written so far.
        private(set) var rows = 0
        /// Event rows written so far (the `session-start` and `session-end` rows not counted).
        private(set) var events = 0
        /// Cue levels as written in the CSV: few, each on many rows.
        private var cues: [String: [UInt8]] = [:]

        init(output: ByteOutput, lineEnding: String) {
            self.output = output
            self.lineEnding = Array(lineEnding.utf8)
        }

        /// The byte order mark when asked for, and the header.
        func start(byteOrderMark: Bool) throws(VaultError) {
            if byteOrderMark { output.buffer += [0xEF, 0xBB, 0xBF] }
            output.buffer += Array(CSVWriter.row(TrialCSV.exportHeader).utf8)
            try output.didAppend()
        }

        /// The rows of every record, by client; records of the same client (named twice) are
        /// written together.
        mutating func write(all records: [ClientRecord]) throws(VaultError) {
            let sorted = records.enumerated().sorted { ($0.element.short, $0.offset) < ($1.element.short, $1.offset) }.map(\.element)
            var start = 0
            while start < sorted.count {
                var end = start + 1
                while end < sorted.count && sorted[end].short == sorted[start].short { end += 1 }
                try write(Array(sorted[start..<end]))
                start = end
            }
        }

        /// One session's part in a client's rows.
        private struct Item {
            var record: Int
            var session: Int
            var day: String
        }

        /// The rows of one or more records of the same client (a client named twice), by day,
        /// then time, file and line; equal keys keep the order of the records, sessions and lines.
        mutating func write(_ records: [ClientRecord]) throws(VaultError) {
            guard let short = records.first?.short else { return }
            let client = TrialCSV.field(short)
            var titles = records.map { Titles($0) }
            var items: [Item] = []
            for (r, record) in records.enumerated() {
                for (s, entry) in record.sessions.enumerated() {
                    items.append(Item(record: r, session: s, day: entry.session.date?.dayString ?? ""))
                }
            }
            // Sessions come in order of their date, which is nearly always the order of their day.
            if !items.indices.dropFirst().allSatisfy({ items[$0 - 1].day <= items[$0].day }) {
                items = items.enumerated().sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }.map(\.element)
            }
            var start = 0
            while start < items.count {
                var end = start + 1
                while end < items.count && items[end].day == items[start].day { end += 1 }
                let day = items[start..<end]
                let first = records[day.first!.record].sessions[day.first!.session]
                if day.count == 1 && first.session.events.isEmpty && TrialCSV.inOrder(first.session.trials) {
                    try writeRows(of: first, client: client, titles: &titles[day.first!.record], order: first.session.trials.indices.map(Source.trial))
                } else {
                    try writeSorted(day, records: records, client: client, titles: &titles)
                }
                start = end
            }
        }

        /// The rows of several sessions of one day, or of one with events or whose trials are out of order.
        private mutating func writeSorted(_ day: ArraySlice<Item>, records: [ClientRecord], client: [UInt8], titles: inout [Titles]) throws(VaultError) {
            var keyed: [(time: Int, path: String, line: Int, sequence: Int, item: Item, source: Source)] = []
            for item in day {
                let entry = records[item.record].sessions[item.session]
                for (time, line, source) in TrialCSV.sources(of: entry.session) {
                    keyed.append((time, entry.path, line, keyed.count, item, source))
                }
            }
            keyed.sort { ($0.time, $0.path, $0.line, $0.sequence) < ($1.time, $1.path, $1.line, $1.sequence) }
            var index = 0
            while index < keyed.count {
                // A run of one session's rows is written as one.
                let item = keyed[index].item
                var order: [Source] = []
                while index < keyed.count && keyed[index].item.record == item.record && keyed[index].item.session == item.session {
                    order.append(keyed[index].source)
                    index += 1
                }
                try writeRows(of: records[item.record].sessions[item.session], client: client, titles: &titles[item.record], order: order)
            }
        }

        /// The rows of `entry` at `order`, in that order.
        private mutating func writeRows(of entry: TrialSessionRecord, client: [UInt8], titles: inout Titles, order: [Source]) throws(VaultError) {
            let session = entry.session
            let id = TrialCSVFields.idAndClient(session.id?.uuidString.uppercased() ?? "", client: client)
            let day = TrialCSV.field(session.date?.dayString ?? "")
            let trials = session.trials
            var signed: [UInt8] = [UInt8(ascii: ",")]
            TrialCSV.appendField(session.signature?.atText ?? TrialCSV.draft, to: &signed)
            signed.append(UInt8(ascii: ","))
            TrialCSV.appendField(session.signature?.by ?? "", to: &signed)
            for source in order {
                output.buffer += lineEnding
                output.buffer += id
                output.buffer += day
                output.buffer.append(UInt8(ascii: ","))
                switch source {
                case .trial(let position):
                    let trial = trials[position]
                    TrialCSV.appendClock(trial.time, to: &output.buffer)
                    output.buffer.append(UInt8(ascii: ","))
                    output.buffer += titles.goalAndTitle(trial.goal)
                    output.buffer += trial.success ? TrialCSVFields.success : TrialCSVFields.failure
                    output.buffer += cue(trial.cue)
                    output.buffer.append(UInt8(ascii: ","))
                    TrialCSV.appendField(trial.note, to: &output.buffer)
                    rows += 1
                case .event(let position):
                    let event = session.events[position]
                    TrialCSV.appendClock(event.time, to: &output.buffer)
                    output.buffer.append(UInt8(ascii: ","))
                    output.buffer += titles.goalAndTitle(event.goal)
                    TrialCSV.appendEventFields(event, to: &output.buffer)
                    events += 1
                case .mark(let mark):
                    let time = (mark == .start ? session.date?.time : session.end?.time).map { TimeOfDay(hour: $0.hour, minute: $0.minute, second: $0.second) }
                    TrialCSV.appendClock(time ?? TimeOfDay(hour: 0, minute: 0, second: 0), to: &output.buffer)
                    output.buffer += TrialCSVFields.mark(mark)
                }
                output.buffer += signed
                try output.didAppend()
            }
        }

        private mutating func cue(_ cue: String) -> [UInt8] {
            if let known = cues[cue] { return known }
            let field = TrialCSV.field(cue)
            cues[cue] = field
            return field
        }
    }

    /// Each goal's title as a row of a client gives it, and the two fields as written, once each.
    struct Titles {
        private var titles: [String: String] = [:]
        private var written: [String: [UInt8]] = [:]

        init(_ record: ClientRecord) {
            for goal in record.goals {
                titles[goal.short] = goal.goal.title ?? ""
                if titles[goal.short.lowercased()] == nil { titles[goal.short.lowercased()] = goal.goal.title ?? "" }
            }
        }

        /// `goal,title,` with both fields quoted and guarded.
        mutating func goalAndTitle(_ goal: String) -> [UInt8] {
            if let known = written[goal] { return known }
            var field = TrialCSV.field(goal)
            field.append(UInt8(ascii: ","))
            TrialCSV.appendField(titles[goal] ?? titles[goal.lowercased()] ?? "", to: &field)
            field.append(UInt8(ascii: ","))
            written[goal] = field
            return field
        }
    }

    /// Whether the trials are in the order of their time, then line, as the rows are.
    static func inOrder(_ trials: [Trial]) -> Bool {
        var previous: (Int, Int)?
        // By index: the two fields read in place, no copy of each trial's strings.
        for position in trials.indices {
            let key = (trials[position].time.secondsOfDay, trials[position].line ?? position)
            if let previous, key < previous { return false }
            previous = key
        }
        return true
    }

    /// One field as `CSVWriter` writes a guarded field: `'` in front when a spreadsheet would
    /// take it for a formula, then RFC 4180 quoting (an empty field is `""`).
    static func field(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        appendField(text, to: &out)
        return out
    }

    static func appendField(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var formula = false
            for byte in bytes where byte != UInt8(ascii: "'") {
                switch byte {
                case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: formula = true
                default: break
                }
                break
            }
            if bytes.isEmpty {
                out += [0x22, 0x22]
                return
            }
            var quote = false, hasQuote = false
            for byte in bytes {
                switch byte {
                case 0x22: hasQuote = true; quote = true
                case 0x2C, 0x0A, 0x0D: quote = true
                default: break
                }
            }
            if quote { out.append(0x22) }
            if formula { out.append(UInt8(ascii: "'")) }
            if hasQuote {
                for byte in bytes {
                    out.append(byte)
                    if byte == 0x22 { out.append(0x22) }
                }
            } else {
                out.append(contentsOf: bytes)
            }
            if quote { out.append(0x22) }
        }
    }

    /// `15:02:10` appended as bytes.
    static func appendClock(_ time: TimeOfDay, to out: inout [UInt8]) {
        func two(_ value: Int) {
            out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10 % 10))
            out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
        }
        two(time.hour)
        out.append(UInt8(ascii: ":"))
        two(time.minute)
        out.append(UInt8(ascii: ":"))
        two(time.second)
    }
}

/// Pieces of a trial row written the same on many rows.
private enum TrialCSVFields {
    static let success = Array("success,".utf8), failure = Array("failure,".utf8)

    /// `,"","",session-start,"",""`: from the comma after the time to the note, a mark names no goal.
    static func mark(_ mark: TrialCSV.SessionMark) -> [UInt8] {
        Array(",\"\",\"\",\(mark.rawValue),\"\",\"\"".utf8)
    }

    /// `id,client,`: the first two fields and their commas.
    static func idAndClient(_ id: String, client: [UInt8]) -> [UInt8] {
        TrialCSV.field(id) + [UInt8(ascii: ",")] + client + [UInt8(ascii: ",")]
    }
}
