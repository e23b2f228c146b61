/// A client's keys, for an editor (docs/FORMAT.md, "Clients").
extension Client {
    public static func meaning(ofKey key: String) -> String? {
        switch key {
        case "name": return "The client's full name, as you write it."
        case "born": return "The day of birth (2017-03-02), without a time; for the age shown."
        default: return keys.contains(key) ? FieldChoice.sharedMeaning(ofKey: key) : nil
        }
    }
}
