import Foundation

extension UUID {
    /// Reads `6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34` in either case, without Foundation's scanner
    /// (which showed up as the slowest part of reading a session).
    static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { bytes -> UUID? in
            guard bytes.count == 36 else { return nil }
            var out = [UInt8](repeating: 0, count: 16)
            var o = 0
            var i = 0
            while i < 36 {
                if i == 8 || i == 13 || i == 18 || i == 23 {
                    guard bytes[i] == UInt8(ascii: "-") else { return nil }
                    i += 1
                    continue
                }
                guard let high = hexValue(bytes[i]), let low = hexValue(bytes[i + 1]) else { return nil }
                out[o] = UInt8(high << 4 | low)
                o += 1
                i += 2
            }
            return UUID(uuid: (out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7],
                               out[8], out[9], out[10], out[11], out[12], out[13], out[14], out[15]))
        }
    }
}
