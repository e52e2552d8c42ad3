package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import groovy.lang.Binding;
import groovy.lang.GroovyShell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.customizers.ImportCustomizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.cli.embedded.EmbeddedSut;
import org.maestro.client.api.MaestroException;
import org.maestro.client.api.TestDefinition;
import org.maestro.client.script.Maestro;
import org.maestro.client.script.ScriptRunner;
import org.maestro.common.cli.ExitCode;

/** The catalogue of ready test scripts: each compiles as {@code maestro-cli run} compiles it and says how to use it. */
class TestScriptsTest {

    /** The repository's {@code test-scripts/} directory, seen from this module. */
    static Path scriptsDirectory() {
        Path directory = Path.of("").toAbsolutePath().getParent().resolve("test-scripts");
        assertTrue(
                Files.isDirectory(directory),
                "no test-scripts directory at " + directory
                        + "; run the tests from the maestro-client module directory");
        return directory;
    }

    /** The scripts of {@code test-scripts/} and of its {@code studies/} directory. */
    static Stream<Path> scripts() throws IOException {
        try (Stream<Path> files = Stream.concat(
                Files.list(scriptsDirectory()), Files.list(scriptsDirectory().resolve("studies")))) {
            return files.filter(p -> p.getFileName().toString().endsWith(".groovy")).sorted().toList().stream();
        }
    }

    @Test
    void theCatalogueHasTheTestsOfTheSpecification() throws IOException {
        List<String> names = scripts().map(p -> p.getFileName().toString()).toList();

        assertTrue(
                names.containsAll(List.of(
                        "FixedRateTest.groovy",
                        "IncrementalTest.groovy",
                        "FairIncrementalTest.groovy",
                        "LatencyTest.groovy",
                        "SoakTest.groovy",
                        "FixedRateTestWithAgent.groovy")),
                names.toString());
    }

    @ParameterizedTest
    @MethodSource("scripts")
    void everyScriptCompilesWithTheImportsOfTheScriptRunner(Path script) throws IOException {
        CompilerConfiguration configuration = new CompilerConfiguration();
        ImportCustomizer imports = new ImportCustomizer();
        imports.addStarImports("org.maestro.client.api");
        configuration.addCompilationCustomizers(imports);
        GroovyShell shell = new GroovyShell(ScriptRunner.class.getClassLoader(), new Binding(), configuration);

        assertNotNull(shell.parse(script.toFile()));
    }

    @ParameterizedTest
    @MethodSource("scripts")
    void everyScriptOpensWithWhatItAnswersItsParametersAndHowToRunIt(Path script) throws IOException {
        String text = Files.readString(script);
        String name = script.getFileName().toString();
        String header = text.substring(0, text.indexOf("*/"));

        assertTrue(header.startsWith("/*\n * " + name.replace(".groovy", "") + "\n"), name + " opens with its name");
        assertTrue(header.contains(" * Answers: "), name + " says what it answers");
        assertTrue(header.contains(" * Parameters ("), name + " lists its parameters");
        String relative = scriptsDirectory().relativize(script).toString();
        assertTrue(header.contains(" * Run:  maestro-cli run test-scripts/" + relative), name + " says how to run it");
        for (String unreadable : List.of("thesis", "SPEC §", "table 6.", "§6.")) {
            assertFalse(
                    header.contains(unreadable),
                    name + " cites '" + unreadable + "', which its readers do not "
                            + "have: name the source and give the figures inline");
        }
    }

    @ParameterizedTest
    @MethodSource("scripts")
    void everyEnvironmentVariableAScriptReadsIsDocumentedInItsHeader(Path script) throws IOException {
        String text = Files.readString(script);
        String header = text.substring(0, text.indexOf("*/"));
        java.util.regex.Matcher read =
                java.util.regex.Pattern.compile("maestro\\.env\\(\"([A-Z_]+)\"").matcher(text);
        int count = 0;
        while (read.find()) {
            count++;
            assertTrue(
                    header.contains(" " + read.group(1) + " "),
                    script.getFileName() + " reads " + read.group(1) + " without documenting it");
        }
        assertEquals(count == 0, !text.contains("maestro.env("), "every maestro.env call names its variable");
    }

    /** Runs a script in this JVM with these environment variables, with no peers: for what it does before a test. */
    private static MaestroException refusal(String script, Map<String, String> environment) {
        Maestro maestro =
                new Maestro(null, environment::get, new TestDefinition(), EmbeddedSut.onFreePort(false, note -> {}));
        return assertThrows(
                MaestroException.class,
                () -> ScriptRunner.run(scriptsDirectory().resolve(script), maestro));
    }

    @ParameterizedTest
    @ValueSource(strings = {"RATE", "PARALLEL_COUNT"})
    void theIncrementalSearchRefusesTheParametersThatWouldOverrideEveryStep(String parameter) {
        MaestroException refused = refusal("IncrementalTest.groovy", Map.of(parameter, "10"));

        assertEquals(ExitCode.USAGE, refused.exitCode());
        assertTrue(
                refused.getMessage()
                        .contains(parameter + " is set in the environment and would override every"
                                + " step of the search; unset it and use INITIAL_RATE"),
                refused.getMessage());
    }

    @Test
    void theFairSearchRunsTheIncrementalScriptBesideIt() {
        MaestroException refused = refusal("FairIncrementalTest.groovy", Map.of("PARALLEL_COUNT", "3"));

        assertTrue(refused.getMessage().contains("PARALLEL_COUNT is set in the environment"), refused.getMessage());
    }

    @Test
    void theIncrementalSearchRefusesACeilingBelowItsStart() {
        MaestroException refused =
                refusal("IncrementalTest.groovy", Map.of("INITIAL_RATE", "500", "CEILING_RATE", "100"));

        assertEquals(ExitCode.USAGE, refused.exitCode());
        assertTrue(refused.getMessage().contains("needs 1 ≤ INITIAL_RATE ≤ CEILING_RATE"), refused.getMessage());
        assertTrue(
                refused.getMessage().contains("got INITIAL_RATE=500 CEILING_RATE=100 RATE_GROWTH=2.0"),
                refused.getMessage());
    }

    @Test
    void theMatrixExampleRefusesARateFromTheEnvironmentBeforeAnyTest() {
        MaestroException refused = refusal("studies/MatrixExample.groovy", Map.of("RATE", "1000"));

        assertEquals(ExitCode.USAGE, refused.exitCode());
        assertTrue(
                refused.getMessage()
                        .contains("RATE=1000 is set in the environment and would override the "
                                + "dimension rate in every cell; unset it"),
                refused.getMessage());
    }

    @Test
    void aSearchSettingThatIsNotANumberIsNamed() {
        MaestroException refused = refusal("FairIncrementalTest.groovy", Map.of("RATE_GROWTH", "double"));

        assertEquals(ExitCode.USAGE, refused.exitCode());
        assertEquals("RATE_GROWTH=double is not a number (e.g. 1.5)", refused.getMessage());
    }

    @Test
    void theLatencyTestsSearchRefusesConnectionsFromTheEnvironment() {
        MaestroException refused = refusal("LatencyTest.groovy", Map.of("PARALLEL_COUNT", "3"));

        assertTrue(
                refused.getMessage()
                        .contains("PARALLEL_COUNT is set in the environment and would override every"
                                + " step of the search"),
                refused.getMessage());
    }

    @Test
    void theLatencyTestRefusesARateFromTheEnvironment() {
        MaestroException refused = refusal("LatencyTest.groovy", Map.of("RATE", "1000", "MAXIMUM_RATE", "5000"));

        assertTrue(refused.getMessage().contains("give MAXIMUM_RATE"), refused.getMessage());
    }
}
