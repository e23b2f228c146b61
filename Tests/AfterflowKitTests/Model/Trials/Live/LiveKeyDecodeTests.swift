@testable import AfterflowKit
import Testing

/// `LiveKey.decode`: the bytes a terminal in raw mode sends, as the live logger's keys.
@Suite struct LiveKeyDecodeTests {
    static func decode(_ bytes: [UInt8]) -> (keys: [LiveKey], left: [UInt8]) {
        var buffer = bytes
        let keys = LiveKey.decode(&buffer)
        return (keys, buffer)
    }

    @Test("arrows in CSI and SS3 form, with parameters, are the arrow keys")
    func arrows() {
        // ESC [ A, ESC O B, ESC [ 1 ; 5 C (Ctrl-Right), ESC [ D
        let found = Self.decode([0x1B, 0x5B, 0x41, 0x1B, 0x4F, 0x42, 0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43, 0x1B, 0x5B, 0x44])
        #expect(found.keys == [.up, .down, .right, .left] && found.left.isEmpty)
    }

    @Test("Ctrl-C, Enter (CR or LF), Backspace (DEL or BS) and a lone Escape; other control bytes are dropped")
    func controls() {
        let found = Self.decode([0x03, 0x0D, 0x0A, 0x7F, 0x08, 0x01, 0x1B])
        #expect(found.keys == [.interrupt, .enter, .enter, .backspace, .backspace, .escape])
    }

    @Test("a UTF-8 character cut at the end of a read stays for the next one, and is whole after it")
    func cutCharacter() {
        let e = Array("é".utf8)  // 2 bytes
        var buffer: [UInt8] = Array("k".utf8) + [e[0]]
        #expect(LiveKey.decode(&buffer) == [.character("k")])
        #expect(buffer == [e[0]], "the first byte of é waits")
        buffer += [e[1]] + Array("🙂".utf8)
        #expect(LiveKey.decode(&buffer) == [.character("é"), .character("🙂")])
        #expect(buffer.isEmpty)
    }
}
