//! The libraries a Java student's build file declares (Maven's `pom.xml`, Gradle's
//! `build.gradle`), found where the grading machine keeps them: the local Maven repository
//! (`~/.m2/repository`, where `mvn` puts what it fetches), Gradle's cache, and Debian's
//! (`/usr/share/maven-repo`, `/usr/share/java`, where `apt install libpicocli-java` puts
//! one). A student's Maven project hands in no jar of picocli or Guava: Maven fetched it on
//! their machine. A TA who has fetched it once (`mvn dependency:get`) has it here, and the
//! grader takes it from there, as Maven would, rather than asking for a class file.
//!
//! Build files are read as text, never run: no plugin, no network.

use std::path::{Path, PathBuf};

/// One library a build file declares: Maven's coordinates, the version where given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Library {
    /// `groupId` (`info.picocli`).
    pub group: String,
    /// `artifactId` (`picocli`).
    pub artifact: String,
    /// `version` (`4.7.5`), where the build file gives one it can be read from.
    pub version: Option<String>,
}

impl Library {
    /// `group:artifact:version`, as `mvn dependency:get -Dartifact=` takes it.
    #[must_use]
    pub fn coordinates(&self) -> String {
        match &self.version {
            Some(v) => format!("{}:{}:{v}", self.group, self.artifact),
            None => format!("{}:{}", self.group, self.artifact),
        }
    }
}

/// Whether a coordinate is plain (`info.picocli`, `4.7.5`, `33.0.0-jre`): it becomes part of
/// a path the grader copies from, so a student's build file can name no other file of the
/// machine (`../../../home/ta/…`).
fn plain(word: &str) -> bool {
    !word.is_empty()
        && !word.contains("..")
        && !word.starts_with('.')
        && word.chars().all(|c| c.is_ascii_alphanumeric() || "._-+".contains(c))
}

/// Whether a dotted name is a test framework's (JUnit 4 and 5, TestNG, the assertion and
/// mocking libraries): a library's group (`org.junit.jupiter`), or a name a source imports
/// (`junit.framework.TestCase`). No program needs one to run, whatever scope its build file
/// gives it: a module's pom often names `junit-jupiter` with no scope, the scope coming from
/// its parent's `<dependencyManagement>`, which another pom holds.
pub(super) fn test_framework(name: &str) -> bool {
    ["org.junit", "junit", "org.testng", "org.assertj", "org.mockito", "org.hamcrest"]
        .iter()
        .any(|g| name == *g || name.strip_prefix(g).is_some_and(|rest| rest.starts_with('.')))
}

impl Library {
    /// The library, where its coordinates are plain ([`plain`]) and it is no test
    /// framework's ([`test_framework`]).
    fn checked(group: &str, artifact: &str, version: Option<String>) -> Option<Library> {
        let fit = plain(group) && plain(artifact) && version.as_deref().is_none_or(plain);
        (fit && !test_framework(group)).then(|| Library {
            group: group.to_string(),
            artifact: artifact.to_string(),
            version,
        })
    }
}

/// The libraries a `pom.xml` declares for the code (its `<dependency>` entries, those of
/// `test` scope left out), each version's `${property}` read from its `<properties>`.
#[must_use]
pub fn maven_libraries(pom: &str) -> Vec<Library> {
    let tag = |block: &str, name: &str| -> Option<String> {
        let open = format!("<{name}>");
        let start = block.find(&open)? + open.len();
        let end = block[start..].find(&format!("</{name}>"))? + start;
        Some(block[start..end].trim().to_string())
    };
    let properties = tag(pom, "properties").unwrap_or_default();
    let resolve = |v: String| -> Option<String> {
        match v.strip_prefix("${").and_then(|p| p.strip_suffix('}')) {
            Some(name) => tag(&properties, name).filter(|p| !p.contains("${")),
            None => Some(v),
        }
    };
    // Those of `<dependencyManagement>` only pin versions; the plugins' are the build's own.
    let mut text = pom.to_string();
    for section in ["dependencyManagement", "build"] {
        if let (Some(a), Some(b)) = (text.find(&format!("<{section}>")), text.find(&format!("</{section}>")))
            && a < b
        {
            text.replace_range(a..b, "");
        }
    }
    let mut out = Vec::new();
    for block in text.split("<dependency>").skip(1) {
        let block = block.split("</dependency>").next().unwrap_or("");
        if tag(block, "scope").is_some_and(|s| s == "test") {
            continue;
        }
        let (Some(group), Some(artifact)) = (tag(block, "groupId"), tag(block, "artifactId")) else { continue };
        let version = tag(block, "version").and_then(resolve);
        out.extend(Library::checked(&group, &artifact, version));
    }
    out
}

/// The libraries a `build.gradle` (or `.kts`) declares for the code: `implementation
/// 'g:a:v'`, `api`, `compileOnly`, `runtimeOnly` and the old `compile` (the test
/// configurations left out), in either quotes, with or without parentheses.
#[must_use]
pub fn gradle_libraries(build: &str) -> Vec<Library> {
    const CONFIGURATIONS: [&str; 6] = ["implementation", "api", "compileOnly", "runtimeOnly", "compile", "runtime"];
    let mut out = Vec::new();
    for line in build.lines().map(str::trim) {
        let Some((word, rest)) = line.split_once(['(', ' ', '\t']) else { continue };
        if !CONFIGURATIONS.contains(&word) {
            continue;
        }
        let Some(quoted) = rest.split(['"', '\'']).nth(1) else { continue };
        let mut parts = quoted.split(':');
        let (Some(group), Some(artifact)) = (parts.next(), parts.next()) else { continue };
        let version = parts.next().filter(|v| !v.is_empty() && !v.contains('$')).map(str::to_string);
        out.extend(Library::checked(group, artifact, version));
    }
    out
}

/// The jar of `lib` on this machine, and whether it is the version asked: the local Maven
/// repository under `home` first, then Gradle's cache, Debian's Maven repository and
/// `/usr/share/java`. Another version of it is taken where the one asked is not there (the
/// newest), and said so.
#[must_use]
pub fn local_jar(lib: &Library, home: Option<&Path>) -> Option<(PathBuf, bool)> {
    let group_path = lib.group.replace('.', "/");
    let jar_in = |dir: &Path, version: &str| {
        let jar = dir.join(version).join(format!("{}-{version}.jar", lib.artifact));
        jar.is_file().then_some(jar)
    };
    let repositories: Vec<PathBuf> = home
        .map(|h| h.join(".m2/repository"))
        .into_iter()
        .chain(std::iter::once(PathBuf::from("/usr/share/maven-repo")))
        .map(|r| r.join(&group_path).join(&lib.artifact))
        .collect();
    if let Some(v) = &lib.version {
        for dir in &repositories {
            if let Some(jar) = jar_in(dir, v) {
                return Some((jar, true));
            }
        }
        if let Some(cache) =
            home.map(|h| h.join(".gradle/caches/modules-2/files-2.1").join(&lib.group).join(&lib.artifact).join(v))
            && let Some(jar) = entries(&cache).iter().find_map(|d| {
                let jar = d.join(format!("{}-{v}.jar", lib.artifact));
                jar.is_file().then_some(jar)
            })
        {
            return Some((jar, true));
        }
    }
    for dir in &repositories {
        let mut versions: Vec<String> =
            entries(dir).iter().filter_map(|d| d.file_name().map(|n| n.to_string_lossy().into_owned())).collect();
        versions.sort_by_key(|v| version_order(v));
        if let Some(jar) = versions.iter().rev().find_map(|v| jar_in(dir, v)) {
            return Some((jar, false));
        }
    }
    let shared = Path::new("/usr/share/java").join(format!("{}.jar", lib.artifact));
    shared.is_file().then_some((shared, lib.version.is_none()))
}

/// A version's numbers, for ordering (`4.7.5` after `4.6.2`; Debian's `debian` first).
fn version_order(v: &str) -> Vec<u32> {
    v.split(['.', '-']).map_while(|p| p.parse().ok()).collect()
}

fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.path()).collect();
    v.sort();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lib(g: &str, a: &str, v: Option<&str>) -> Library {
        Library { group: g.into(), artifact: a.into(), version: v.map(Into::into) }
    }

    #[test]
    fn libraries_a_pom_declares() {
        let pom = r"<project>
  <properties><picocli.version>4.7.5</picocli.version></properties>
  <dependencyManagement><dependencies><dependency><groupId>x</groupId><artifactId>pinned</artifactId><version>1</version></dependency></dependencies></dependencyManagement>
  <dependencies>
    <dependency>
      <groupId>info.picocli</groupId>
      <artifactId>picocli</artifactId>
      <version>${picocli.version}</version>
    </dependency>
    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><version>5.10.0</version><scope>test</scope></dependency>
    <dependency><groupId>com.google.guava</groupId><artifactId>guava</artifactId></dependency>
    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter-params</artifactId></dependency>
    <dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>4.13.2</version></dependency>
  </dependencies>
  <build><plugins><plugin><dependencies><dependency><groupId>p</groupId><artifactId>plugin-dep</artifactId></dependency></dependencies></plugin></plugins></build>
</project>";
        assert_eq!(
            maven_libraries(pom),
            vec![lib("info.picocli", "picocli", Some("4.7.5")), lib("com.google.guava", "guava", None)]
        );
        assert_eq!(lib("info.picocli", "picocli", Some("4.7.5")).coordinates(), "info.picocli:picocli:4.7.5");
        // Coordinates that would lead out of a repository are no library.
        let sly = "<dependencies><dependency><groupId>x</groupId><artifactId>../../../etc</artifactId><version>1</version></dependency>\
                   <dependency><groupId>x</groupId><artifactId>y</artifactId><version>1/../../z</version></dependency></dependencies>";
        assert!(maven_libraries(sly).is_empty());
        // A test framework with no scope of its own (a parent pom's `<dependencyManagement>`
        // gives it `test`) is no library of the programs; a group merely starting so is.
        assert_eq!(
            maven_libraries("<dependency><groupId>junitx</groupId><artifactId>j</artifactId></dependency>"),
            vec![lib("junitx", "j", None)]
        );
        assert!(gradle_libraries("implementation '../..:x:1'\n").is_empty());
    }

    #[test]
    fn libraries_a_gradle_build_declares() {
        let gradle = "dependencies {\n    implementation 'info.picocli:picocli:4.7.5'\n    implementation(\"com.google.guava:guava:33.0.0-jre\")\n    testImplementation 'org.junit.jupiter:junit-jupiter:5.10.0'\n    compileOnly \"org.projectlombok:lombok:$lombokVersion\"\n}\n";
        assert_eq!(
            gradle_libraries(gradle),
            vec![
                lib("info.picocli", "picocli", Some("4.7.5")),
                lib("com.google.guava", "guava", Some("33.0.0-jre")),
                lib("org.projectlombok", "lombok", None),
            ]
        );
    }

    #[test]
    fn a_jar_found_in_the_local_repository() {
        let home = std::env::temp_dir().join(format!("morris-libraries-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&home);
        let dir = home.join(".m2/repository/info/picocli/picocli");
        for v in ["4.6.2", "4.7.5"] {
            std::fs::create_dir_all(dir.join(v)).unwrap();
            std::fs::write(dir.join(v).join(format!("picocli-{v}.jar")), "").unwrap();
        }
        let asked = |v: Option<&str>| local_jar(&lib("info.picocli", "picocli", v), Some(&home));
        assert_eq!(asked(Some("4.7.5")), Some((dir.join("4.7.5/picocli-4.7.5.jar"), true)));
        // Another version than the one asked: the newest, said so.
        assert_eq!(asked(Some("4.7.6")), Some((dir.join("4.7.5/picocli-4.7.5.jar"), false)));
        assert_eq!(local_jar(&lib("no.such", "library", Some("1")), Some(&home)), None);
        std::fs::remove_dir_all(&home).unwrap();
    }
}

/// A C or C++ library a student's code includes or its build looks for, which the grading
/// machine's compilers do not find: Boost, {fmt}, CLI11, ncurses. The student's machine had
/// it installed (vcpkg, Homebrew, their distribution), the submission does not hold it, and
/// the build fails for what this machine lacks, not for its substance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SystemLibrary {
    /// The library, as a TA knows it (`Boost.Program_options`).
    pub what: &'static str,
    /// Debian's development package, which gives its headers and its library.
    pub package: &'static str,
}

/// Headers, by the prefix of the path a source includes (`<boost/program_options.hpp>`,
/// `<fmt/core.h>`), and the library each comes with, the most specific first.
const HEADERS: [(&str, &str, &str); 29] = [
    ("boost/program_options", "Boost.Program_options", "libboost-program-options-dev"),
    ("boost/filesystem", "Boost.Filesystem", "libboost-filesystem-dev"),
    ("boost/", "Boost", "libboost-dev"),
    ("fmt/", "{fmt}", "libfmt-dev"),
    ("spdlog/", "spdlog", "libspdlog-dev"),
    ("CLI/", "CLI11", "libcli11-dev"),
    ("cxxopts.hpp", "cxxopts", "libcxxopts-dev"),
    ("nlohmann/", "nlohmann/json", "nlohmann-json3-dev"),
    ("gtest/", "GoogleTest", "libgtest-dev"),
    ("gmock/", "GoogleMock", "libgmock-dev"),
    ("catch2/", "Catch2", "catch2"),
    ("Eigen/", "Eigen", "libeigen3-dev"),
    ("eigen3/", "Eigen", "libeigen3-dev"),
    ("ncurses.h", "ncurses", "libncurses-dev"),
    ("curses.h", "ncurses", "libncurses-dev"),
    ("readline/", "GNU Readline", "libreadline-dev"),
    ("glib.h", "GLib", "libglib2.0-dev"),
    ("SDL2/", "SDL2", "libsdl2-dev"),
    ("SFML/", "SFML", "libsfml-dev"),
    ("tbb/", "oneTBB", "libtbb-dev"),
    ("yaml-cpp/", "yaml-cpp", "libyaml-cpp-dev"),
    ("zlib.h", "zlib", "zlib1g-dev"),
    ("gmp.h", "GMP", "libgmp-dev"),
    ("gmpxx.h", "GMP", "libgmp-dev"),
    ("cjson/", "cJSON", "libcjson-dev"),
    ("json-c/", "json-c", "libjson-c-dev"),
    ("range/v3/", "range-v3", "librange-v3-dev"),
    ("QtCore", "Qt 5 Core", "qtbase5-dev"),
    ("QtWidgets", "Qt 5 Widgets", "qtbase5-dev"),
];

/// CMake's package names (`find_package(fmt)`) and libraries as the linker is told them
/// (`-lboost_program_options`), each with its header prefix in [`HEADERS`].
const NAMES: [(&str, &str); 26] = [
    ("boost_program_options", "boost/program_options"),
    ("program_options", "boost/program_options"),
    ("boost_filesystem", "boost/filesystem"),
    ("filesystem", "boost/filesystem"),
    ("boost", "boost/"),
    ("fmt", "fmt/"),
    ("spdlog", "spdlog/"),
    ("cli11", "CLI/"),
    ("cxxopts", "cxxopts.hpp"),
    ("nlohmann_json", "nlohmann/"),
    ("gtest", "gtest/"),
    ("gmock", "gmock/"),
    ("catch2", "catch2/"),
    ("eigen3", "Eigen/"),
    ("ncurses", "ncurses.h"),
    ("curses", "ncurses.h"),
    ("readline", "readline/"),
    ("sdl2", "SDL2/"),
    ("sfml", "SFML/"),
    ("tbb", "tbb/"),
    ("yaml-cpp", "yaml-cpp/"),
    ("gmp", "gmp.h"),
    ("qt5", "QtCore"),
    ("qt5core", "QtCore"),
    ("qt6", "QtCore"),
    ("qt6core", "QtCore"),
];

fn by_header(header: &str) -> Option<SystemLibrary> {
    // Qt's classes are included by their own names (`<QCoreApplication>`, `<QFile>`): a
    // `Q` and a capital, no extension.
    let mut chars = header.chars();
    let qt_class = chars.next() == Some('Q')
        && chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && header.chars().all(|c| c.is_ascii_alphanumeric());
    let header = if qt_class { "QtCore" } else { header };
    HEADERS
        .iter()
        .find(|(prefix, _, _)| header.starts_with(prefix))
        .map(|(_, what, package)| SystemLibrary { what, package })
}

fn by_name(name: &str) -> Option<SystemLibrary> {
    let name = name.to_ascii_lowercase();
    NAMES.iter().find(|(n, _)| *n == name).and_then(|(_, header)| by_header(header))
}

/// The system libraries a build's messages say were not found: a header the compiler
/// could not open (`fatal error: boost/program_options.hpp: No such file or directory`,
/// unless `held` says the submission has it), a package CMake could not find (`Could NOT
/// find Boost (missing: … program_options)`, `… configuration file provided by "fmt"`), a
/// library the linker could not (`cannot find -lfmt`). Only libraries this reader knows, each
/// once, the most specific Boost library kept over Boost's headers.
#[must_use]
pub fn system_libraries_missing(messages: &[&str], held: &dyn Fn(&str) -> bool) -> Vec<SystemLibrary> {
    let mut out: Vec<SystemLibrary> = Vec::new();
    let mut add = |lib: Option<SystemLibrary>| {
        if let Some(lib) = lib
            && !out.contains(&lib)
        {
            out.push(lib);
        }
    };
    for line in messages.iter().flat_map(|m| m.lines()) {
        if let Some(at) = line.find("fatal error: ")
            && let Some(header) = line[at + "fatal error: ".len()..].strip_suffix(": No such file or directory")
            && !held(header)
        {
            add(by_header(header.trim()));
        }
        if let Some(at) = line.find("Could NOT find ") {
            let rest = &line[at + "Could NOT find ".len()..];
            let package = rest.split_whitespace().next().unwrap_or("");
            let components: Vec<&str> = rest
                .split_once("(missing:")
                .map(|(_, m)| m.split(')').next().unwrap_or("").split_whitespace().collect())
                .unwrap_or_default();
            let mut any = false;
            // CMake's variables (`Boost_INCLUDE_DIR`) are no components.
            for c in components.iter().filter(|c| !c.chars().any(|ch| ch.is_ascii_uppercase())) {
                if let Some(lib) = by_name(c) {
                    any = true;
                    add(Some(lib));
                }
            }
            if !any {
                add(by_name(package));
            }
        }
        if let Some(at) = line.find("configuration file provided by \"") {
            let name = line[at + "configuration file provided by \"".len()..].split('"').next().unwrap_or("");
            add(by_name(name));
        }
        if let Some(at) = line.find("cannot find -l") {
            let name = line[at + "cannot find -l".len()..].split([':', ' ']).next().unwrap_or("");
            add(by_name(name));
        }
    }
    // Boost's headers come with each of its libraries' packages.
    if out.iter().any(|l| l.package.starts_with("libboost-") && l.package != "libboost-dev") {
        out.retain(|l| l.package != "libboost-dev");
    }
    out
}

#[cfg(test)]
mod system_library_tests {
    use super::*;

    #[test]
    fn missing_c_and_cpp_libraries_are_named_with_their_package() {
        let none = |_: &str| false;
        let packages = |messages: &[&str]| -> Vec<&'static str> {
            system_libraries_missing(messages, &none).iter().map(|l| l.package).collect()
        };
        assert_eq!(
            packages(&[
                "src/core/board.cpp:3:10: fatal error: boost/algorithm/string/trim.hpp: No such file or directory",
                "src/core/cli.cpp:2:10: fatal error: boost/program_options.hpp: No such file or directory",
            ]),
            ["libboost-program-options-dev"]
        );
        // Qt, by a class's own header, a module's, or CMake's package.
        assert_eq!(
            packages(&["MiniMaxOpening/main.cpp:12:10: fatal error: QCoreApplication: No such file or directory"]),
            ["qtbase5-dev"]
        );
        assert_eq!(
            packages(&["main.cpp:1:10: fatal error: QtCore/QString: No such file or directory"]),
            ["qtbase5-dev"]
        );
        assert_eq!(
            packages(&["  By not providing \"FindQt5.cmake\" … configuration file provided by \"Qt5\""]),
            ["qtbase5-dev"]
        );
        assert!(packages(&["main.cpp:1:10: fatal error: QUEUE.H: No such file or directory"]).is_empty());
        assert_eq!(
            packages(&["  Could NOT find Boost (missing: Boost_INCLUDE_DIR program_options) (Required"]),
            ["libboost-program-options-dev"]
        );
        assert_eq!(
            packages(&["  Could not find a package configuration file provided by \"fmt\" with any of"]),
            ["libfmt-dev"]
        );
        assert_eq!(packages(&["/usr/bin/ld: cannot find -lncurses: No such file or directory"]), ["libncurses-dev"]);
        assert_eq!(packages(&["a.c:1:10: fatal error: CLI/CLI.hpp: No such file or directory"]), ["libcli11-dev"]);
        // Its own header, missing for another reason, and headers no one packages: nothing.
        let held = |h: &str| h == "fmt/core.h";
        assert!(
            system_libraries_missing(&["x.cpp:1:10: fatal error: fmt/core.h: No such file or directory"], &held)
                .is_empty()
        );
        assert!(packages(&["x.cpp:1:10: fatal error: stdafx.h: No such file or directory"]).is_empty());
    }
}
