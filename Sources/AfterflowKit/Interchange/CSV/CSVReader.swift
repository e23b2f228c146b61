/// Reads CSV (RFC 4180) as found in the wild: a UTF-8 byte order mark, rows ended by CRLF, LF or a
/// lone CR (mixed in one file too), quoted fields holding commas, quotes (`""`) and line breaks.
///
/// Rows are numbered as the app numbers them: the header is row 1, and a row whose quoted field
/// spans several lines is still one row. Blank lines are skipped but counted. Lenient where
/// spreadsheets are: text after a closing quote joins the field (`"ab"c` is `abc`), and a quote
/// inside an unquoted field is kept as it is.
public struct CSVReader: Sendable {
    public struct Row: Sendable, Equatable {
        /// 1-based; the header is row 1.
        public var number: Int
        public var fields: [String]
        /// Where each field starts in the file: line (1-based, every line break counted, those
        /// inside quoted fields too) and column (1-based, in UTF-8 bytes, the byte order mark not
        /// counted); a quoted field starts at its opening quote.
        public var starts: [SourceLocation] = []

        /// The first line of the row.
        public var line: Int { starts.first?.line ?? number }

        /// Where field `index` starts; the row's first line for a field the row lacks.
        public func start(of index: Int) -> SourceLocation {
            index < starts.count ? starts[index] : SourceLocation(line: line, column: 1)
        }
    }

    /// A problem that stops the reading: the input is not UTF-8, or a quoted field is not closed.
    public struct Failure: Error, Sendable, Equatable {
        public var row: Int
        public var message: String
    }

    public var rows: [Row] = []
    /// Set when the text is not UTF-8 or ends inside a quoted field; `rows` then holds the rows
    /// before the problem.
    public var failure: Failure?

    public init(bytes: [UInt8]) {
        var start = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
        if let bad = UTF8Validation.firstInvalidOffset(bytes) {
            let row = CSVReader.rowNumber(of: bad, in: bytes, from: start)
            failure = Failure(row: row, message: String(format: "the file is not UTF-8 text (byte 0x%02X); save it as UTF-8 and import it again", bytes[bad]))
            return
        }
        read(bytes, from: start)
    }

    private mutating func read(_ bytes: [UInt8], from start: Int) {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr: UInt8 = 0x0D, lf: UInt8 = 0x0A
        var fields: [String] = []
        var field: [UInt8] = []
        var number = 1
        var i = start
        let count = bytes.count
        var rowHasContent = false
        var line = 1, lineStart = start
        var starts: [SourceLocation] = []
        var fieldStarted = false
        func startField() {
            if !fieldStarted {
                starts.append(SourceLocation(line: line, column: i - lineStart + 1))
                fieldStarted = true
            }
        }
        func endField() {
            startField()
            fieldStarted = false
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRow() {
            endField()
            if rowHasContent || fields.count > 1 || !fields[0].isEmpty {
                rows.append(Row(number: number, fields: fields, starts: starts))
            }
            fields.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
            rowHasContent = false
            number += 1
        }
        while i < count {
            let byte = bytes[i]
            if byte != cr && byte != lf { startField() }
            if byte == quote && field.isEmpty {
                // A quoted field: up to the quote that is not doubled.
                rowHasContent = true
                guard let end = CSVReader.quotedField(bytes, after: i, into: &field, line: &line, lineStart: &lineStart) else {
                    failure = Failure(row: number, message: "a quoted field is not closed: a \" is missing before the end of the file")
                    return
                }
                i = end
                continue
            }
            switch byte {
            case comma:
                rowHasContent = true
                endField()
                i += 1
            case cr:
                endRow()
                i += (i + 1 < count && bytes[i + 1] == lf) ? 2 : 1
                line += 1
                lineStart = i
            case lf:
                endRow()
                i += 1
                line += 1
                lineStart = i
            default:
                field.append(byte)
                i += 1
            }
        }
        if !field.isEmpty || !fields.isEmpty || rowHasContent { endRow() }
    }

    /// Reads a quoted field whose opening quote is at `open` into `field` (a doubled quote is one
    /// quote), counting the lines it spans; returns the offset after its closing quote, or nil
    /// when the file ends first.
    private static func quotedField(_ bytes: [UInt8], after open: Int, into field: inout [UInt8], line: inout Int, lineStart: inout Int) -> Int? {
        let quote = UInt8(ascii: "\""), cr: UInt8 = 0x0D, lf: UInt8 = 0x0A
        let count = bytes.count
        var i = open + 1
        while i < count {
            let b = bytes[i]
            if b == lf || (b == cr && !(i + 1 < count && bytes[i + 1] == lf)) {
                line += 1
                lineStart = i + 1
            }
            if b == quote {
                if i + 1 < count && bytes[i + 1] == quote {
                    field.append(quote)
                    i += 2
                    continue
                }
                return i + 1
            }
            field.append(b)
            i += 1
        }
        return nil
    }

    /// The row holding byte `offset`, counting row ends outside quotes.
    static func rowNumber(of offset: Int, in bytes: [UInt8], from start: Int) -> Int {
        var number = 1
        var inQuotes = false
        var i = start
        while i < offset {
            switch bytes[i] {
            case UInt8(ascii: "\""): inQuotes.toggle()
            case 0x0D where !inQuotes:
                number += 1
                if i + 1 < offset && bytes[i + 1] == 0x0A { i += 1 }
            case 0x0A where !inQuotes: number += 1
            default: break
            }
            i += 1
        }
        return number
    }
}
