package org.maestro.topology.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.topology.Topology;
import org.maestro.topology.conf.RouterConfParser;

/** {@code topology generate} as a user runs it. */
class GenerateCommandTest {

    private static final Path EXAMPLES = Path.of("..", "test-scripts", "topologies");

    @TempDir
    Path out;

    private static CliRun generate(String... args) {
        String[] line = new String[args.length + 1];
        line[0] = "generate";
        System.arraycopy(args, 0, line, 1, args.length);
        return CliRun.of(new TopologyCommand(), line);
    }

    @Test
    void generatesFromADescriptionAndPrintsTheClientUrls() throws Exception {
        CliRun run =
                generate("--input", EXAMPLES.resolve("line-3-routers.yaml").toString(), "--output", out.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("router1          router  amqp://10.0.0.3:5672"), run.out());
        assertEquals(
                "router2",
                RouterConfParser.parse(out.resolve("router2/qdrouterd.conf"))
                        .routerId()
                        .orElseThrow());
        assertEquals(
                "amqp://10.0.0.5:5674/test.queue",
                Topology.load(out.resolve("variables.yaml")).clientUrl("router3", "test.queue"));
    }

    @Test
    void generatesALineFromAnInventoryIdenticalToTheEquivalentDescription() throws Exception {
        Path fromType = out.resolve("type");
        Path fromInput = out.resolve("input");
        CliRun run = generate(
                "--type",
                "line",
                "--inventory",
                EXAMPLES.resolve("inventory-3-routers.yaml").toString(),
                "--name",
                "line-3-routers",
                "--output",
                fromType.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(
                0,
                generate(
                                "--input",
                                EXAMPLES.resolve("line-3-routers.yaml").toString(),
                                "--output",
                                fromInput.toString())
                        .exitCode());
        for (String file : new String[] {
            "router1/qdrouterd.conf", "router2/qdrouterd.conf", "router3/qdrouterd.conf", "variables.yaml"
        }) {
            assertEquals(Files.readString(fromInput.resolve(file)), Files.readString(fromType.resolve(file)), file);
        }
    }

    @Test
    void writesJsonVariablesWithOtherPortBases() throws Exception {
        CliRun run = generate(
                "-i",
                EXAMPLES.resolve("router-broker-router.yaml").toString(),
                "-o",
                out.toString(),
                "--variables-format",
                "json",
                "--normal-port-base",
                "7000",
                "--broker-port-base",
                "7100");
        assertEquals(0, run.exitCode(), run.err());
        Topology topology = Topology.load(out.resolve("variables.json"));
        assertEquals("amqp://10.0.0.4:7001", topology.clientUrl("router2"));
        assertEquals("amqp://10.0.0.5:7100", topology.clientUrl("broker1"));
        assertTrue(Files.readString(out.resolve("router1/qdrouterd.conf")).contains("    port: 7100\n"));
    }

    @Test
    void exitsWithTwoAndNamesTheLineOfABadDescription() throws Exception {
        Path bad = out.resolve("bad.yaml");
        Files.writeString(
                bad, "nodes:\n  - {id: router1, type: router}\nlinks:\n  - {source: router1, target: router2}\n");
        CliRun run = generate("--input", bad.toString(), "--output", out.toString());
        assertEquals(2, run.exitCode());
        assertEquals(
                "topology generate: " + bad
                        + ": line 4: link router1–router2: node 'router2' is not defined; define it under "
                        + "'nodes' or correct the name (nodes: router1)\n",
                run.err());
    }

    @Test
    void exitsWithTwoWhenTheSourceIsAmbiguousOrMissing() {
        CliRun both =
                generate("--input", "a.yaml", "--type", "line", "--inventory", "b.yaml", "--output", out.toString());
        assertEquals(2, both.exitCode());
        assertEquals(
                "topology generate: command line: give either --input FILE or --type TYPE with --inventory FILE, not both\n",
                both.err());
        CliRun none = generate("--output", out.toString());
        assertEquals(2, none.exitCode());
        assertEquals(
                "topology generate: command line: say what to build: --input FILE, or --type TYPE with --inventory FILE "
                        + "(types: line, circle, complete, star)\n",
                none.err());
    }

    @Test
    void exitsWithTwoForAnUnknownTypeOrAMissingFile() {
        CliRun type = generate(
                "--type",
                "mesh",
                "--inventory",
                EXAMPLES.resolve("inventory-3-routers.yaml").toString(),
                "--output",
                out.toString());
        assertEquals(2, type.exitCode());
        assertEquals(
                "topology generate: command line: --type mesh is not known; use one of: line, circle, complete, star\n",
                type.err());
        CliRun missing = generate("--input", "no-such.yaml", "--output", out.toString());
        assertEquals(2, missing.exitCode());
        assertEquals("topology generate: no-such.yaml: file not found; check the path\n", missing.err());
    }

    @Test
    void exitsWithTwoWhenTheOutputOptionIsMissing() {
        CliRun run = generate("--input", "x.yaml");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().startsWith("topology generate: Missing required option: '--output=DIR'"), run.err());
    }
}
