import Glibc
import LprofLanguage
import Testing

@testable import LprofInteractive
@testable import LprofModel
@testable import LprofSystem

@Suite struct InteractiveCompleterTests {
    /// A folder with scripts, other files, a hidden script, a subfolder and a name that
    /// needs quotes.
    static let folder: [DirectoryEntry] = [
        DirectoryEntry(name: "beta.lprof", isDirectory: false),
        DirectoryEntry(name: "alpha.lprof", isDirectory: false),
        DirectoryEntry(name: "notes.txt", isDirectory: false),
        DirectoryEntry(name: ".hidden.lprof", isDirectory: false),
        DirectoryEntry(name: ".git", isDirectory: true),
        DirectoryEntry(name: "sub", isDirectory: true),
        DirectoryEntry(name: "my file.lprof", isDirectory: false),
        DirectoryEntry(name: ".", isDirectory: true),
        DirectoryEntry(name: "..", isDirectory: true),
    ]

    let completer = Completer { folder in
        switch folder {
        case "": return InteractiveCompleterTests.folder
        case "sub/": return [DirectoryEntry(name: "deep.lprof", isDirectory: false)]
        default: return nil
        }
    }

    /// The text Tab inserts (no deletion), and the listed candidates.
    @Test(
        arguments: [
            ("se", "t ", []),
            ("set sea", "son ", []),
            ("set season au", "tumn ", []),
            ("set season autumn", " ", []),
            ("set season s", "", ["spring", "summer"]),
            ("set notifications t", "", ["true", "toggle"]),
            ("set notifications of", "f ", []),
            ("set goal t", "oday", ["today", "today+3m"]),
            ("set goal +", "", ["+1d", "+1w", "+1m", "+6m", "+1y"]),
            ("set u", "sername ", []),
            ("set username ", "", []),
            ("get pro", "file.", []),
            (
                "get profile.", "",
                ["profile.username", "profile.notifications", "profile.season", "profile.goal"]
            ),
            ("get draft.g", "oal ", []),
            ("get --", "json ", []),
            ("get --json ", "", ["profile", "draft"]),
            ("get --json d", "raft ", []),
            ("get m", "ode ", []),
            ("expect e", "rror ", []),
            ("expect mode a", "ctive ", []),
            ("expect mode ", "", ["active", "inactive"]),
            ("expect draft.season w", "inter ", []),
            ("expect notifications ", "", ["on", "off", "true", "false", "yes", "no"]),
            ("expect goal ", "today ", []),
            ("expect error set sea", "son ", []),
            ("expect error s", "", ["show", "set", "source"]),
            ("show h", "ike ", []),
            ("show hike ", "", ["elevation", "heart-rate", "pace"]),
            ("show hike p", "ace ", []),
            ("show summary ", "", []),
            ("env s", "izeCategory ", []),
            ("env edition b", "eta ", []),
            ("env sizeCategory accessibilityM", "edium ", []),
            ("env sizeCategory ax", "", ["ax1", "ax2", "ax3", "ax4", "ax5"]),
            ("env locale ko", "_KR ", []),
            ("env w", "iring ", []),
            (
                "env wiring ", "",
                ["onAppear", "onDisappear", "cancel-resets", "done-commits", "profile"]
            ),
            ("env wiring onD", "isappear ", []),
            ("env wiring onDisappear ", "", ["commit", "reset", "none"]),
            ("env wiring cancel-resets n", "o ", []),
            ("env wiring profile m", "odeldata ", []),
            ("expect wiring onAppear ", "", ["copy", "none"]),
            ("get wiring p", "rofile ", []),
            ("show c", "ode ", []),
            ("edit ", "", ["on", "off", "toggle"]),
            ("edit t", "oggle ", []),
            ("trace o", "", ["on", "off"]),
            ("done -", "-force ", []),
            ("help va", "lues ", []),
            ("help se", "t ", []),
            ("print se", "", []),
            ("quit ", "", []),
            ("rel", "oad ", []),
            ("re", "", ["reset", "reload", "record"]),
            ("reload ", "", []),
            ("help rel", "oad ", []),
            ("expect error rel", "oad ", []),
            ("nonsense ", "", []),
            ("show; se", "t ", []),
            ("show summary;edit t", "oggle ", []),
            ("# se", "", []),
            ("show # h", "", []),
            ("set username 'a b' ", "", []),
            ("set 'sea", "", []),
            ("\tset\tsea", "son ", []),
        ] as [(String, String, [String])])
    func completes(line: String, insertion: String, candidates: [String]) {
        let completion = completer.complete(line)
        #expect(completion.replacing == 0)
        #expect(completion.insertion == insertion)
        #expect(completion.candidates == candidates)
    }

    @Test func emptyLineListsEveryCommand() {
        let completion = completer.complete("")
        #expect(completion.insertion == "")
        #expect(completion.candidates == Vocabulary.commands)
    }

    @Test func severalCommandsInsertTheirCommonPrefix() {
        #expect(
            completer.complete("e")
                == Completion(insertion: "", candidates: ["edit", "expect", "env", "exit"]))
        #expect(
            completer.complete("ex") == Completion(insertion: "", candidates: ["expect", "exit"]))
        #expect(completer.complete("exp") == Completion(insertion: "ect "))
        #expect(
            completer.complete("h") == Completion(insertion: "", candidates: ["help", "history"]))
        #expect(completer.complete("hi") == Completion(insertion: "story "))
    }

    @Test func namesMatchExactlyButValuesIgnoreCase() {
        #expect(completer.complete("SET sea") == .none)
        #expect(completer.complete("set SEA") == .none)
        #expect(
            completer.complete("set season AU") == Completion(replacing: 2, insertion: "autumn "))
        #expect(
            completer.complete("set season S")
                == Completion(replacing: 1, insertion: "s", candidates: ["spring", "summer"]))
        #expect(completer.complete("env edition B") == Completion(replacing: 1, insertion: "beta "))
    }

    /// Every list completion offers is a table's: the language's names, the model's values.
    @Test func candidatesAreTheTables() {
        #expect(completer.complete("show ").candidates == Vocabulary.views)
        #expect(completer.complete("env ").candidates == Vocabulary.envKeys)
        #expect(completer.complete("set ").candidates == Vocabulary.fields)
        #expect(completer.complete("trace ").candidates == Vocabulary.switches)
        #expect(completer.complete("set season ").candidates == Season.valueNames)
        #expect(
            completer.complete("set notifications ").candidates
                == ValueParser.words(for: .notifications))
        #expect(completer.complete("set goal ").candidates == GoalExpression.examples)
        #expect(completer.complete("env sizeCategory ").candidates == SizeCategory.allNames)
        #expect(completer.complete("env locale ").candidates == LocaleSetting.examples)
        #expect(completer.complete("env edition ").candidates == ["release", "beta"])
        #expect(completer.complete("env now t") == Completion(insertion: "oday "))
        #expect(completer.complete("env editMode ") == .none)
        #expect(completer.complete("set nonsense ") == .none)
        #expect(completer.complete("expect draft.nonsense ") == .none)
    }

    @Test func helpTopicsAreListedOnce() {
        let topics = completer.complete("help ").candidates
        #expect(topics.count == Set(topics).count)
        #expect(Set(topics) == Set(Vocabulary.helpTopics))
    }

    @Test func sourceListsScriptsAndFolders() {
        #expect(
            completer.complete("source ")
                == Completion(
                    insertion: "",
                    candidates: ["alpha.lprof", "beta.lprof", "my file.lprof", "sub/"]))
        #expect(completer.complete("source a") == Completion(insertion: "lpha.lprof "))
        #expect(completer.complete("source s") == Completion(insertion: "ub/"))
        #expect(completer.complete("source sub/") == Completion(insertion: "deep.lprof "))
        #expect(completer.complete("source sub/d") == Completion(insertion: "eep.lprof "))
        #expect(completer.complete("source n") == .none)
        #expect(completer.complete("source missing/") == .none)
        #expect(completer.complete("source a b") == .none)
    }

    @Test func recordOffersOffForceAndScripts() {
        #expect(
            completer.complete("record ")
                == Completion(
                    insertion: "",
                    candidates: [
                        "--force", "off", "alpha.lprof", "beta.lprof", "my file.lprof", "sub/",
                    ]))
        #expect(completer.complete("record o") == Completion(insertion: "ff "))
        #expect(completer.complete("record --") == Completion(insertion: "force "))
        #expect(completer.complete("record a") == Completion(insertion: "lpha.lprof "))
        #expect(
            completer.complete("record --force ")
                == Completion(
                    insertion: "",
                    candidates: ["alpha.lprof", "beta.lprof", "my file.lprof", "sub/"]
                ))
        #expect(completer.complete("record --force s") == Completion(insertion: "ub/"))
        #expect(completer.complete("record --force o") == .none)
        #expect(completer.complete("record off ") == .none)
        #expect(completer.complete("record a.lprof ") == .none)
    }

    @Test func hiddenFilesOnlyWhenThePrefixStartsWithADot() {
        #expect(
            completer.complete("source .")
                == Completion(insertion: "", candidates: [".git/", ".hidden.lprof"]))
        #expect(completer.complete("source .h") == Completion(insertion: "idden.lprof "))
        #expect(!completer.complete("source ").candidates.contains(".hidden.lprof"))
    }

    @Test func namesThatNeedQuotesAreQuoted() {
        #expect(
            completer.complete("source m")
                == Completion(replacing: 1, insertion: "'my file.lprof' "))
        #expect(completer.complete("source 'm") == Completion(insertion: "y file.lprof' "))
        #expect(completer.complete("source \"my") == Completion(insertion: " file.lprof\" "))
        #expect(Completer.quoted("it's", quote: nil, finished: true) == "\"it's\" ")
        #expect(Completer.quoted("a\\b c", quote: "\"", finished: false) == "\"a\\\\b c")
    }

    @Test func commonPrefixIsInWholeCharacters() {
        #expect(Completer.commonPrefix([]) == "")
        #expect(Completer.commonPrefix(["summer", "spring"]) == "s")
        #expect(Completer.commonPrefix(["e\u{301}a", "e\u{301}b"]) == "e\u{301}")
        #expect(Completer.commonPrefix(["e\u{301}", "e"]) == "")
        #expect(Completer.commonPrefix(["same", "same"]) == "same")
    }

    @Test func homeFolderExpands() {
        #expect(HomePath.expand("~/a.lprof", home: "/home/u") == "/home/u/a.lprof")
        #expect(HomePath.expand("~", home: "/home/u/") == "/home/u")
        #expect(HomePath.expand("~/x", home: "/") == "//x")
        #expect(HomePath.expand("~user/a", home: "/home/u") == "~user/a")
        #expect(HomePath.expand("a/~/b", home: "/home/u") == "a/~/b")
        #expect(HomePath.expand("~/a", home: nil) == "~/a")
    }

    @Test func forceAndToggleWordsComplete() {
        #expect(completer.complete("reset --") == Completion(insertion: "force "))
        #expect(completer.complete("trace t") == Completion(insertion: "oggle "))
    }

    @Test func realFolderListing() {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        writeFile(root + "/one.lprof", [])
        writeFile(root + "/two.lprof", [])
        writeFile(root + "/skip.txt", [])
        writeFile(root + "/.secret.lprof", [])
        mkdir(root + "/lessons", 0o755)
        mkdir(root + "/target", 0o755)
        symlink(root + "/target", root + "/link")
        symlink(root + "/one.lprof", root + "/alias.lprof")
        let completer = Completer()
        #expect(
            completer.complete("source \(root)/")
                == Completion(
                    insertion: "",
                    candidates: [
                        "alias.lprof", "lessons/", "link/", "one.lprof", "target/", "two.lprof",
                    ]))
        #expect(completer.complete("source \(root)/le") == Completion(insertion: "ssons/"))
        #expect(completer.complete("source \(root)/li") == Completion(insertion: "nk/"))
        #expect(completer.complete("source \(root)/.") == Completion(insertion: "secret.lprof "))
        #expect(FileSystemDirectory.list(root + "/nope", home: nil) == nil)
    }

    @Test func listingLaysOutColumns() {
        #expect(CompletionList.rows(["a", "bb", "ccc"], width: 80) == ["a    bb   ccc"])
        #expect(CompletionList.rows(["a", "bb", "ccc"], width: 6) == ["a", "bb", "ccc"])
        #expect(CompletionList.rows(["a", "b", "c", "d", "e"], width: 8) == ["a  c  e", "b  d"])
        #expect(CompletionList.rows(["한글", "x"], width: 80) == ["한글  x"])
        #expect(CompletionList.rows(["bad\u{1B}[31mname"], width: 80) == ["bad?[31mname"])
        #expect(CompletionList.rows([], width: 80) == [])
    }
}
