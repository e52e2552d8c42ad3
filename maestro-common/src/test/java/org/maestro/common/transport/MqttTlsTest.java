package org.maestro.common.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.testing.PingThroughBroker;
import org.maestro.common.testing.SecureMosquitto;
import org.maestro.testing.TestCertificates;

/**
 * The control plane over the TLS listener of the shipped mosquitto-secure.conf, with a test CA. A peer and a client run
 * in a JVM of their own, as on a lab host, because Java reads the {@code javax.net.ssl.*} trust store properties once
 * per JVM: given on the command line (MAESTRO_JAVA_OPTS) they make {@code mqtts://} work; without them the JVM does
 * not trust the broker and says what to do.
 */
class MqttTlsTest {
    private static final String CLIENT_PASSWORD = "client-Tls-Secr3t";
    private static final String PEER_PASSWORD = "peer-Tls-Secr3t";

    @TempDir
    static Path brokerDirectory;

    @AutoClose
    private static SecureMosquitto broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = SecureMosquitto.start(
                brokerDirectory,
                Map.of(
                        SecureMosquitto.CLIENT_USER, CLIENT_PASSWORD,
                        SecureMosquitto.PEER_USER, PEER_PASSWORD));
    }

    /** What a JVM running {@link PingThroughBroker} printed, and how it ended. */
    private record Run(int exitCode, String output) {}

    /**
     * Runs a peer with the password in its URL and a client with the password in MAESTRO_BROKER_PASSWORD, both over
     * the TLS listener, in a new JVM with the given options.
     */
    private static Run pingOverTls(List<String> jvmOptions) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m"));
        command.addAll(jvmOptions);
        command.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                PingThroughBroker.class.getName(),
                broker.tlsUrl(SecureMosquitto.PEER_USER + ":" + PEER_PASSWORD),
                broker.tlsUrl(SecureMosquitto.CLIENT_USER)));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put(MqttEndpoint.PASSWORD_VARIABLE, CLIENT_PASSWORD);
        Process process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("the ping over TLS did not end within 60 s: " + output);
        }
        return new Run(process.exitValue(), output);
    }

    private static void assertNoPassword(String text) {
        assertFalse(text.contains(CLIENT_PASSWORD), "the client's password was shown:\n" + text);
        assertFalse(text.contains(PEER_PASSWORD), "the peer's password was shown:\n" + text);
    }

    @Test
    void aJvmThatTrustsTheCaPingsAPeerOverTls() throws Exception {
        Run run = pingOverTls(List.of(
                "-Djavax.net.ssl.trustStore=" + broker.certificates().trustStore(),
                "-Djavax.net.ssl.trustStorePassword=" + TestCertificates.TRUST_STORE_PASSWORD));

        assertEquals(0, run.exitCode(), run.output());
        assertTrue(run.output().contains("answered: [" + PingThroughBroker.PEER_NAME + "]"), run.output());
        assertTrue(
                run.output().contains("connected to " + broker.tlsUrl(SecureMosquitto.PEER_USER + ":***")),
                "the peer logs where it connected, without the password:\n" + run.output());
        assertNoPassword(run.output());
        assertTrue(broker.log().contains("u'" + SecureMosquitto.CLIENT_USER + "'"), "the client logged in by TLS");
    }

    @Test
    void aJvmThatDoesNotTrustTheCaIsToldToGiveItATrustStore() throws Exception {
        Run run = pingOverTls(List.of());

        assertEquals(3, run.exitCode(), run.output());
        String expected = "error: the TLS handshake with the control broker at "
                + broker.tlsUrl(SecureMosquitto.PEER_USER + ":***") + " failed (";
        assertTrue(run.output().contains(expected), run.output());
        assertTrue(run.output().contains("this JVM does not trust the broker's certificate"), run.output());
        assertTrue(run.output().contains("MAESTRO_JAVA_OPTS=\"-Djavax.net.ssl.trustStore="), run.output());
        assertNoPassword(run.output());
    }
}
