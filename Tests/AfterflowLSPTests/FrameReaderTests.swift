@testable import AfterflowLSP
import Testing

struct FrameReaderTests {
    private func frames(_ reads: [String]) -> [Frame] {
        var reader = FrameReader()
        var found: [Frame] = []
        for read in reads {
            reader.append(Array(read.utf8))
            while let frame = reader.next() { found.append(frame) }
        }
        return found
    }

    private func message(_ text: String) -> Frame { .message(Array(text.utf8)) }

    @Test func aMessageSplitAcrossReadsByteByByteIsReadWhole() {
        let whole = "Content-Length: 17\r\n\r\n{\"jsonrpc\":\"2.0\"}"
        #expect(frames(whole.map { String($0) }) == [message("{\"jsonrpc\":\"2.0\"}")])
    }

    @Test func aHeaderSplitInsideItsBlankLineIsReadWhole() {
        #expect(frames(["Content-Length: 2\r\n\r", "\n{}"]) == [message("{}")])
    }

    @Test func twoMessagesInOneReadAreBothRead() {
        #expect(frames(["Content-Length: 2\r\n\r\n{}Content-Length: 4\r\n\r\n[1,2]"]) == [message("{}"), message("[1,2")])
    }

    @Test func theLengthCountsBytesNotCharacters() {
        let body = "{\"a\":\"😀é\"}"
        #expect(frames(["Content-Length: \(body.utf8.count)\r\n\r\n\(body)"]) == [message(body)])
    }

    @Test func headerNamesAreReadWithoutCaseAndContentTypeIsAllowed() {
        let header = "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"
        #expect(frames([header + "{}"]) == [message("{}")])
    }

    @Test func aLengthThatIsNotANumberIsReportedAndTheNextMessageStillRead() {
        let found = frames(["Content-Length: two\r\n\r\nContent-Length: 2\r\n\r\n{}"])
        #expect(found.count == 2 && found.last == message("{}") && { if case .malformed = found[0] { true } else { false } }())
    }

    @Test func aHeaderWithoutLengthIsReportedAndTheNextMessageStillRead() {
        let found = frames(["X-Other: 1\r\n\r\nContent-Length: 2\r\n\r\n{}"])
        #expect(found.map(\.isMessage) == [false, true])
    }

    @Test func noiseBeforeAHeaderOnItsLineIsSkipped() {
        let found = frames(["garbage{]Content-Length: 2\r\n\r\n{}"])
        #expect(found.last == message("{}"))
    }

    @Test func aLengthLargerThanAllowedIsReportedNotAwaited() {
        let found = frames(["Content-Length: 99999999999\r\n\r\nContent-Length: 2\r\n\r\n{}"])
        #expect(found.map(\.isMessage) == [false, true])
    }

    @Test func endlessHeaderNoiseIsDroppedNotKept() {
        var reader = FrameReader()
        reader.append([UInt8](repeating: 65, count: FrameReader.maximumHeaderLength + 10))
        _ = reader.next()
        #expect(reader.pendingByteCount == 0)
    }

    @Test func framedWritesTheByteLength() {
        #expect(String(decoding: framed(Array("é".utf8)), as: UTF8.self) == "Content-Length: 2\r\n\r\né")
    }
}

extension Frame {
    var isMessage: Bool { if case .message = self { true } else { false } }
}
