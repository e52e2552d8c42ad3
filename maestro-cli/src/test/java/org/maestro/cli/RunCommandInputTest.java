package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.testing.MosquittoProcess;

/** Bad scripts and parameters get exit code 2 with the place of the error; missing peers exit code 3. */
class RunCommandInputTest {
    @RegisterExtension
    static final MosquittoProcess mosquitto = MosquittoProcess.perTestClass();

    @TempDir
    Path work;

    private CliRun run(String name, String body) throws Exception {
        Path script = work.resolve(name);
        Files.writeString(script, body);
        return CliRun.run(script, mosquitto.url(), work.resolve("results"), "--no-report");
    }

    @Test
    void aSyntaxErrorExitsWithTwoNamingFileAndLine() throws Exception {
        CliRun run = run("Broken.groovy", "def x = 1\n\nmaestro.fixedRate {\n    rate 10 +\n}\n");
        assertEquals(ExitCode.USAGE.code(), run.exitCode());
        assertTrue(run.err().contains("Broken.groovy"), run.err());
        assertTrue(run.err().matches("(?s).*Broken\\.groovy:\\d+:\\d+: .*"), run.err());
    }

    @Test
    void anInvalidParameterExitsWithTwoNamingIt() throws Exception {
        CliRun run = run("Negative.groovy", "maestro.fixedRate { sut 'amqp://127.0.0.1:5672/q'; rate(-5) }\n");
        assertEquals(ExitCode.USAGE.code(), run.exitCode());
        assertTrue(run.err().contains("RATE=-5 is not valid"), run.err());
    }

    @Test
    void anAutomaticWarmUpWithAMessageCountIsRefusedNamingWarmUp() throws Exception {
        CliRun run = run(
                "AutoCount.groovy",
                "maestro.fixedRate { sut 'amqp://127.0.0.1:5672/q'; rate 10; duration '500'; warmUp 'auto' }\n");
        assertEquals(ExitCode.USAGE.code(), run.exitCode());
        assertTrue(run.err().contains("WARM_UP=auto with TEST_DURATION=500 is not valid"), run.err());
        assertTrue(run.err().contains("TEST_DURATION as a time"), run.err());
    }

    @Test
    void severalDestinationsWithAUrlWithoutThePlaceholderAreRefusedNamingTheUrl() throws Exception {
        CliRun run = run(
                "Destinations.groovy",
                "maestro.fixedRate { sut 'amqp://127.0.0.1:5672/orders'; rate 10; destinations 4 }\n");
        assertEquals(ExitCode.USAGE.code(), run.exitCode());
        assertTrue(run.err().contains("SEND_RECEIVE_URL=amqp://127.0.0.1:5672/orders is refused"), run.err());
        assertTrue(run.err().contains("DESTINATIONS=4 needs {n}"), run.err());
        assertTrue(run.err().contains("e.g. amqp://host:5672/orders-{n}"), run.err());
        CliRun fanOut = run(
                "Subscriptions.groovy",
                "maestro.fixedRate { sendUrl 'mqtt://127.0.0.1:1883/o-{n}'; receiveUrl 'mqtt://127.0.0.1:1883/o-{n}';"
                        + " rate 10; destinations 2; subscriptions 3 }\n");
        assertEquals(ExitCode.USAGE.code(), fanOut.exitCode());
        assertTrue(fanOut.err().contains("RECEIVE_URL=mqtt://127.0.0.1:1883/o-{n} is refused"), fanOut.err());
        assertTrue(fanOut.err().contains("SUBSCRIPTIONS=3 needs {s}"), fanOut.err());
    }

    @Test
    void anErrorThrownByTheScriptExitsWithTwoNamingItsLine() throws Exception {
        CliRun run = run("Throws.groovy", "def a = 1\nthrow new IllegalStateException('boom')\n");
        assertEquals(ExitCode.USAGE.code(), run.exitCode());
        assertTrue(run.err().contains("Throws.groovy:2"), run.err());
        assertTrue(run.err().contains("boom"), run.err());
    }

    @Test
    void noPeersOfANeededRoleExitsWithThreeListingThem() throws Exception {
        CliRun run = run("Lonely.groovy", "maestro.fixedRate { sut 'amqp://127.0.0.1:5672/q'; rate 10 }\n");
        assertEquals(ExitCode.INFRASTRUCTURE.code(), run.exitCode());
        assertTrue(run.err().contains("sender, receiver"), run.err());
        assertTrue(run.err().contains("maestro-cli worker --role sender"), run.err());
    }

    @Test
    void aMissingScriptExitsWithTwo() {
        CliRun run = CliRun.of("run", work.resolve("nope.groovy").toString(), "--maestro-url", mosquitto.url());
        assertEquals(ExitCode.USAGE.code(), run.exitCode());
        assertTrue(run.err().contains("nope.groovy does not exist"), run.err());
    }
}
