package org.maestro.topology.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.maestro.topology.input.DescriptionReader;
import org.maestro.topology.input.TopologyDescription;

/** Every example under test-scripts/topologies generates a working network, and docs/topology.md shows them unchanged. */
class ExamplesTest {

    private static final Path DOC = Path.of("..", "docs", "topology.md");
    private static final Pattern EMBEDDED =
            Pattern.compile("<!-- file: (test-scripts/topologies/[^ ]+) -->\\n```yaml\\n(.*?)```", Pattern.DOTALL);

    @TempDir
    Path out;

    static List<Path> descriptions() throws IOException {
        try (Stream<Path> files = Files.list(GoldenFilesTest.EXAMPLES)) {
            return files.filter(f -> f.toString().endsWith(".yaml"))
                    .filter(f -> !f.getFileName().toString().startsWith("inventory"))
                    .sorted()
                    .toList();
        }
    }

    @ParameterizedTest
    @MethodSource("descriptions")
    void everyExampleGeneratesAConnectedNetwork(Path example) throws Exception {
        TopologyDescription description = DescriptionReader.read(example);
        GeneratedTopology topology = TopologyGenerator.generate(
                description,
                example.toString(),
                GenerationSettings.asDescribed(new BasePortAssigner(description.ports)));
        TopologyFiles.write(topology, out, TopologyFiles.VariablesFormat.YAML);
        new NetworkChecks(out).checkNetwork();
    }

    @Test
    void theDocumentationShowsEveryExampleFileUnchanged() throws Exception {
        String doc = Files.readString(DOC);
        Matcher m = EMBEDDED.matcher(doc);
        int shown = 0;
        while (m.find()) {
            Path file = Path.of("..").resolve(m.group(1));
            assertEquals(Files.readString(file), m.group(2), m.group(1) + " as shown in docs/topology.md");
            shown++;
        }
        try (Stream<Path> files = Files.list(GoldenFilesTest.EXAMPLES)) {
            assertEquals(files.filter(f -> f.toString().endsWith(".yaml")).count(), shown, "every example is shown");
        }
    }

    @Test
    void theDocumentationShowsTheGeneratedConfigurationOfTheRedundantExample() throws Exception {
        String conf = Files.readString(Path.of("src/test/resources/golden/redundant-router/router1/qdrouterd.conf"));
        assertFalse(conf.isEmpty());
        assertTrue(Files.readString(DOC).contains("```\n" + conf + "```"), "docs/topology.md shows router1's file");
    }
}
