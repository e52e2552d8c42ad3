package org.maestro.topology.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.topology.input.DescriptionReader;
import org.maestro.topology.input.TopologyDescription;

/**
 * Generates the example topologies and compares every file with the checked-in expected files
 * under {@code src/test/resources/golden/<name>/}. Run with {@code -Dgolden.update=true} to
 * rewrite the expected files after an intended change (and review the diff).
 */
class GoldenFilesTest {

    static final Path EXAMPLES = Path.of("..", "test-scripts", "topologies");
    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");

    @TempDir
    Path out;

    @ParameterizedTest
    @ValueSource(strings = {"line-3-routers", "router-broker-router", "redundant-router"})
    void generatedFilesMatchTheExpectedFiles(String name) throws Exception {
        generate(name);
        Path expected = GOLDEN.resolve(name);
        if (Boolean.getBoolean("golden.update")) {
            copyTree(out, expected);
        }
        assertEquals(listFiles(expected), listFiles(out), name + ": same set of files");
        for (String file : listFiles(out)) {
            assertEquals(
                    Files.readString(expected.resolve(file)), Files.readString(out.resolve(file)), name + ": " + file);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"line-3-routers", "router-broker-router", "redundant-router"})
    void generatedFilesParseBackIntoAConnectedNetwork(String name) throws Exception {
        generate(name);
        NetworkChecks checks = new NetworkChecks(out);
        Map<String, Map<String, Integer>> linkCosts = checks.checkNetwork();
        Map<String, Map<String, Integer>> expectedRoutes = NetworkChecks.shortestCosts(linkCosts);
        for (JsonNode node : checks.variables.path("nodes")) {
            if (!node.path("type").asText().equals("router")) {
                continue;
            }
            Map<String, Integer> routes = new TreeMap<>();
            node.path("routes")
                    .fields()
                    .forEachRemaining(e -> routes.put(e.getKey(), e.getValue().asInt()));
            assertEquals(
                    expectedRoutes.get(node.path("name").asText()), routes, name + ": routes of " + node.path("name"));
        }
    }

    private void generate(String name) throws IOException {
        Path input = EXAMPLES.resolve(name + ".yaml");
        TopologyDescription description = DescriptionReader.read(input);
        GeneratedTopology topology = TopologyGenerator.generate(
                description, input.toString(), GenerationSettings.asDescribed(new BasePortAssigner(description.ports)));
        TopologyFiles.write(topology, out, TopologyFiles.VariablesFormat.YAML);
    }

    private static List<String> listFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> dir.relativize(p).toString().replace('\\', '/'))
                    .sorted()
                    .toList();
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        for (String file : listFiles(from)) {
            Path target = to.resolve(file);
            Files.createDirectories(target.getParent());
            Files.writeString(
                    target, Files.readString(from.resolve(file), StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        }
    }
}
