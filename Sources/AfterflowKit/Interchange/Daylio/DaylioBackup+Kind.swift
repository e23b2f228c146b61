import Foundation

extension DaylioBackup {
    /// Why `bytes` is neither a backup nor a CSV export, when it is plainly not one: a file named
    /// `.daylio` that is not a zip (a backup always is), or one that is not text (a CSV export
    /// always is). Nil when it is a zip, or text that the CSV reader should judge.
    public static func notABackup(_ bytes: [UInt8], fileName: String) -> String? {
        guard !ZipArchive.looksLikeZip(bytes) else { return nil }
        let named = fileName.lowercased().hasSuffix(".daylio")
        let head = bytes.prefix(4096)
        let text = !head.contains(0) && String(bytes: head.dropLast(trailingContinuation(head)), encoding: .utf8) != nil
        guard named || !text else { return nil }
        let start = bytes.isEmpty ? "it is empty" : text ? "it is text" : "it starts with the bytes \(bytes.prefix(4).map { String(format: "%02X", $0) }.joined(separator: " "))"
        return "it is not a Daylio backup: a backup is a zip file (it starts with the bytes 50 4B 03 04) and \(start); "
            + "make a backup in Daylio (Settings, Backup & restore) and import that .daylio file, or import the CSV Daylio exports (More, Export entries)"
    }

    /// The bytes at the end of `prefix` that start a UTF-8 character cut off by the prefix.
    private static func trailingContinuation(_ prefix: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in prefix.reversed().prefix(3) {
            count += 1
            if byte & 0xC0 == 0xC0 { return count }  // the lead byte of a character that may be cut
            if byte & 0x80 == 0 { return 0 }          // ASCII: nothing cut
        }
        return 0
    }
}
