import Foundation

/// Builds Daylio backups as the app does, with Python's zipfile, json and base64 (one file,
/// linked into both test targets from Tests/Shared): a zip whose entry `backup.daylio` is the
/// JSON in base64, in 76-character lines with LF and deflated (Android), with CRLF and stored
/// (iOS), or on one line; a fake photo beside it.
enum DaylioBackupMaker {
    enum Style: String { case android, ios, oneLine = "one" }

    static let script = """
        import base64, sys, zipfile
        out, style = sys.argv[1], sys.argv[2]
        data = sys.stdin.buffer.read()
        b = base64.b64encode(data).decode()
        if style == 'one':
            text = b
        else:
            sep = '\\r\\n' if style == 'ios' else '\\n'
            text = sep.join(b[i:i + 76] for i in range(0, len(b), 76)) + sep
        method = zipfile.ZIP_STORED if style == 'ios' else zipfile.ZIP_DEFLATED
        with zipfile.ZipFile(out, 'w', method) as z:
            z.writestr('backup.daylio', text)
            z.writestr('assets/photos/2024/12/0f3c', b'\\x89PNG not really')
        """

    /// Writes the backup of `json` (text, as given: it may be broken on purpose) to `path`.
    static func write(json: String, to path: String, style: Style = .android) throws {
        guard let run = try TestProgram.runOnPath("python3", ["-c", script, path, style.rawValue], input: Data(json.utf8)),
              run.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "python3 could not make the backup"])
        }
    }

    /// A zip holding `name` with `text`, stored: a zip that is not a backup, or a backup whose
    /// entry is not base64.
    static func writeZip(entry name: String, text: String, to path: String) throws {
        let zip = "import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w') as z: z.writestr(sys.argv[2], sys.stdin.buffer.read())"
        guard let run = try TestProgram.runOnPath("python3", ["-c", zip, path, name], input: Data(text.utf8)), run.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "python3 could not make the zip"])
        }
    }

    /// The worked example (see `DaylioBackupTests`): three entries, newest first.
    ///
    /// - id 3: 2024-12-31 22:05 (month 11 is December), mood 6, the custom `tired` of group 4
    ///   (bad), tag 1 `work`, a note title and an HTML note;
    /// - id 2: 2024-01-15 without a time of day (month 0 is January), mood 1 (`rad`, not
    ///   renamed), tags 2 `Good meal` and 3 `happy`;
    /// - id 1: 2023-06-01 08:00, mood 4, the predefined `bad` renamed `low`.
    static let workedExample = """
        {"version": 15, "pin": "1234",
         "customMoods": [
          {"id": 1, "custom_name": "", "mood_group_id": 1, "mood_group_order": 0, "predefined_name_id": 1, "icon_id": 1, "state": 0},
          {"id": 2, "custom_name": "", "mood_group_id": 2, "mood_group_order": 0, "predefined_name_id": 2, "icon_id": 2, "state": 0},
          {"id": 3, "custom_name": "", "mood_group_id": 3, "mood_group_order": 0, "predefined_name_id": 3, "icon_id": 3, "state": 0},
          {"id": 4, "custom_name": "low", "mood_group_id": 4, "mood_group_order": 0, "predefined_name_id": 4, "icon_id": 4, "state": 0},
          {"id": 5, "custom_name": "", "mood_group_id": 5, "mood_group_order": 0, "predefined_name_id": 5, "icon_id": 5, "state": 0},
          {"id": 6, "custom_name": "tired", "mood_group_id": 4, "mood_group_order": 1, "predefined_name_id": -1, "icon_id": 31, "state": 0}
         ],
         "tags": [
          {"id": 1, "name": "work", "icon": 3, "order": 1, "state": 0, "id_tag_group": 1},
          {"id": 2, "name": "Good meal", "icon": 9, "order": 2, "state": 0, "id_tag_group": 1},
          {"id": 3, "name": "happy", "icon": 12, "order": 3, "state": 0, "id_tag_group": 2}
         ],
         "dayEntries": [
          {"id": 3, "minute": 5, "hour": 22, "day": 31, "month": 11, "year": 2024, "datetime": 1735711500000, "timeZoneOffset": 0,
           "mood": 6, "note": "Long day<br>bed soon", "note_title": "Late", "tags": [1], "assets": []},
          {"id": 2, "minute": -1, "hour": -1, "day": 15, "month": 0, "year": 2024, "datetime": 1705305600000, "timeZoneOffset": 0,
           "mood": 1, "note": "", "note_title": "", "tags": [2, 3], "assets": []},
          {"id": 1, "minute": 0, "hour": 8, "day": 1, "month": 5, "year": 2023, "datetime": 1685631600000, "timeZoneOffset": 0,
           "mood": 4, "note": "", "note_title": "", "tags": [], "assets": []}
         ],
         "metadata": {"number_of_entries": 3, "platform": "android"}}
        """
}
