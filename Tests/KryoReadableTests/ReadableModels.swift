import Foundation
import SwiftKryo

/// HRCoder's example model: a list of to-do items that point back at their list.
final class TodoList: Schematized {
    var name = ""
    var items: [TodoItem] = []
    var owner: Person?
    var labels: [String: String] = [:]

    init() {}

    static let schema = Schema<TodoList>(java: "test.TodoList") {
        Field("name", \.name)
        Field("items", \.items)
        Field("owner", \.owner)
        Field("labels", \.labels)
    }
}

final class TodoItem: Schematized {
    var label = ""
    var done = false
    var priority: Int32 = 0
    var estimate = 0.0
    var due: Date?
    var list: TodoList?
    var assignee: Person?

    init() {}
    init(_ label: String, priority: Int32 = 0) {
        self.label = label
        self.priority = priority
    }

    static let schema = Schema<TodoItem>(java: "test.TodoItem") {
        Field("label", \.label)
        Field("done", \.done)
        Field("priority", \.priority)
        Field("estimate", \.estimate)
        Field("due", \.due)
        Field("list", \.list)
        Field("assignee", \.assignee)
    }
}

final class Person: Schematized {
    var name = ""
    var friends: [Person] = []
    var best: Person?

    init() {}
    init(_ name: String) { self.name = name }

    static let schema = Schema<Person>(java: "test.Person") {
        Field("name", \.name)
        Field("friends", \.friends)
        Field("best", \.best)
    }
}

/// Numbers at the edges of what JSON and plists hold.
final class Extremes: Schematized {
    var small: Int64 = 0
    var large: Int64 = 0
    var byte: Int8 = 0
    var char: UInt16 = 0
    var single: Float = 0
    var double = 0.0
    var doubles: [Double] = []
    var floats: [Float] = []
    var anything: [Any?] = []

    init() {}

    static let schema = Schema<Extremes>(java: "test.Extremes") {
        Field("small", \.small)
        Field("large", \.large)
        Field("byte", \.byte)
        Field("char", \.char)
        Field("single", \.single)
        Field("double", \.double)
        Field("doubles", \.doubles)
        Field("floats", \.floats)
        Field("anything", \.anything)
    }
}

/// A user dictionary whose keys collide with the format's own.
final class Settings: Schematized {
    var values: [String: String] = [:]
    var shared: [String: Person] = [:]

    init() {}

    static let schema = Schema<Settings>(java: "test.Settings") {
        Field("values", \.values)
        Field("shared", \.shared)
    }
}

/// A Codable value, registered like any other type.
struct Point: Codable, Equatable {
    var x: Double
    var y: Double
    var label: String?
}

enum Priority: JavaEnum {
    case low, normal, high
    static let javaClassName = "test.Priority"
}

/// The registry of the readable tests, with short readable names as a person would write them.
func readableRegistry() throws -> Registry {
    try Registry {
        Register(TodoList.self, id: 50, readableName: "TodoList")
        Register(TodoItem.self, id: 51, readableName: "TodoItem")
        Register(Person.self, id: 52, readableName: "Person")
        Register(Extremes.self, id: 53)
        Register(Settings.self, id: 54)
        Register(Point.self, id: 55, readableName: "Point")
        Register(Priority.self, id: 56)
    }
}

/// A list whose items point back at it and share one person.
func sampleList() -> TodoList {
    let list = TodoList()
    list.name = "Home"
    let ann = Person("Ann")
    let bob = Person("Bob")
    ann.friends = [bob]
    bob.best = ann
    list.owner = ann
    list.labels = ["color": "blue", "icon": "house"]
    for (label, priority) in [("Milk", 1), ("Paint the fence", 3)] {
        let item = TodoItem(label, priority: Int32(priority))
        item.list = list
        item.assignee = bob
        item.estimate = 0.25 * Double(priority)
        list.items.append(item)
    }
    list.items[1].done = true
    list.items[1].due = Date(timeIntervalSinceReferenceDate: 800_000_000)
    return list
}
