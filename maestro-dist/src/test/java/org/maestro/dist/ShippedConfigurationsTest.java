package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.testing.Commands;
import org.maestro.testing.MosquittoProcess;
import org.maestro.testing.RealRouter;
import org.maestro.testing.TestCertificates;

/**
 * The configurations the repository ships for the programs that run beside Maestro (Mosquitto as the control broker,
 * a Qpid Dispatch router as SUT), each started by the real program as its users start it: only the ports (and, for the
 * secure broker, the folder of its files) are moved to the test's, and what the program printed must hold no warning.
 */
class ShippedConfigurationsTest {
    /** Mosquitto's own words for what a user should act on: {@code Warning:}, {@code Error:}, {@code Note:}. */
    private static final Pattern MOSQUITTO_WARNING = Pattern.compile("(?i)\\b(warning|error|note)\\b");

    /** Qpid Dispatch's log levels above info, e.g. {@code SERVER (warning) …}. */
    private static final Pattern ROUTER_WARNING = Pattern.compile("\\((warning|error|critical)\\)");

    /**
     * What a qdrouterd built without HTTP support (the relocatable build the tests may use) logs at every start,
     * whatever its configuration: the build's, not the configuration's. The router of the compose profile has HTTP.
     */
    private static final String BUILD_WITHOUT_HTTP = "SERVER (warning) HTTP support is not available";

    private static final String IMAGE_CONFIG_FOLDER = "/mosquitto/config/";

    @TempDir
    Path work;

    @Test
    void theComposeControlBrokerStartsWithoutWarnings() throws Exception {
        List<String> shipped = Files.readAllLines(RepositoryFiles.path("docker/mosquitto/mosquitto.conf"));
        assertNoMosquittoWarning("docker/mosquitto/mosquitto.conf", runMosquitto(shipped, "plain"));
    }

    @Test
    void theKubernetesControlBrokerStartsWithoutWarnings() throws Exception {
        JsonNode configMap = YamlFiles.readAll(RepositoryFiles.path("docker/kubernetes/mosquitto.yaml")).stream()
                .filter(document -> document.path("kind").asText().equals("ConfigMap"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("docker/kubernetes/mosquitto.yaml has no ConfigMap"));
        String conf = configMap.path("data").path("mosquitto.conf").asText(null);
        assertTrue(conf != null, "the ConfigMap of docker/kubernetes/mosquitto.yaml has no mosquitto.conf");
        assertNoMosquittoWarning(
                "the mosquitto.conf of docker/kubernetes/mosquitto.yaml",
                runMosquitto(conf.lines().toList(), "k8s"));
    }

    @Test
    void theSecureControlBrokerStartsWithoutWarnings() throws Exception {
        Path folder = Files.createDirectories(work.resolve("secure"));
        // the files docker/mosquitto/README.md has the user make: a password file, the ACL, the certificates
        Commands.run(
                folder,
                List.of(
                        MosquittoProcess.tool("mosquitto_passwd"),
                        "-c",
                        "-b",
                        "passwd",
                        "maestro-client",
                        "client-secret"));
        Commands.run(
                folder,
                List.of(MosquittoProcess.tool("mosquitto_passwd"), "-b", "passwd", "maestro-peer", "peer-secret"));
        Files.copy(RepositoryFiles.path("docker/mosquitto/acl"), folder.resolve("acl"));
        TestCertificates.create(folder.resolve("certs"));
        ownedAsTheReadmeSays(folder);

        int plainPort = FreePorts.next();
        int tlsPort = FreePorts.next();
        List<String> conf = new ArrayList<>();
        int moved = 0;
        for (String line : Files.readAllLines(RepositoryFiles.path("docker/mosquitto/mosquitto-secure.conf"))) {
            String changed = line.startsWith("listener 1883 ")
                    ? "listener " + plainPort + " 127.0.0.1"
                    : line.startsWith("listener 8883 ")
                            ? "listener " + tlsPort + " 127.0.0.1"
                            : line.startsWith("#") ? line : line.replace(IMAGE_CONFIG_FOLDER, folder + "/");
            moved += changed.equals(line) ? 0 : 1;
            conf.add(changed);
        }
        assertEquals(7, moved, "mosquitto-secure.conf no longer has the two listeners and five files this test moves");
        try (MosquittoProcess broker = MosquittoProcess.start(folder, conf, plainPort, tlsPort)) {
            broker.stop();
            assertNoMosquittoWarning(
                    "docker/mosquitto/mosquitto-secure.conf", Files.readString(folder.resolve("mosquitto.log")));
        }
    }

    /** The check above sees Mosquitto's warnings: the size limit the shipped files once set makes it print one. */
    @Test
    void aSettingMosquittoWarnsAboutIsSeen() throws Exception {
        List<String> shipped =
                new ArrayList<>(Files.readAllLines(RepositoryFiles.path("docker/mosquitto/mosquitto.conf")));
        shipped.add("message_size_limit 0");
        String output = runMosquitto(shipped, "outdated");
        assertThrows(AssertionError.class, () -> assertNoMosquittoWarning("with message_size_limit", output), output);
    }

    @Test
    void theComposeRouterStartsWithoutWarnings() throws Exception {
        String shipped = Files.readString(RepositoryFiles.path("docker/qdrouterd/qdrouterd.conf"));
        assertTrue(shipped.contains("    port: 5672\n"), "docker/qdrouterd/qdrouterd.conf no longer listens on 5672");
        int port = FreePorts.next();
        String output;
        try (RealRouter router = RealRouter.start(
                work.resolve("router"), shipped.replace("    port: 5672\n", "    port: " + port + "\n"), port)) {
            router.close();
            output = router.logText();
        }
        List<String> warnings = output.lines()
                .filter(line -> ROUTER_WARNING.matcher(line).find())
                .filter(line -> !line.endsWith(BUILD_WITHOUT_HTTP))
                .toList();
        assertEquals(List.of(), warnings, "docker/qdrouterd/qdrouterd.conf makes qdrouterd warn:\n" + output);
    }

    /** Runs Mosquitto with this configuration, its 1883 listener moved to a free loopback port; what it printed. */
    private String runMosquitto(List<String> shipped, String name) throws IOException, InterruptedException {
        int port = FreePorts.next();
        List<String> conf = shipped.stream()
                .map(line -> line.startsWith("listener 1883 ") ? "listener " + port + " 127.0.0.1" : line)
                .toList();
        assertTrue(conf.contains("listener " + port + " 127.0.0.1"), name + ": no 'listener 1883' line to move");
        Path folder = Files.createDirectories(work.resolve(name));
        try (MosquittoProcess broker = MosquittoProcess.start(folder, conf, port)) {
            broker.stop();
            return Files.readString(folder.resolve("mosquitto.log"));
        }
    }

    /**
     * Fails when Mosquitto warned while it started: up to the first connection, which is the test's probe of the port
     * (a probe of a TLS port that sends no handshake is logged as a failed connection).
     */
    private static void assertNoMosquittoWarning(String file, String output) {
        List<String> warnings = output.lines()
                .takeWhile(line -> !line.contains("New connection from"))
                .filter(line -> MOSQUITTO_WARNING.matcher(line).find())
                .toList();
        assertEquals(List.of(), warnings, file + " makes Mosquitto warn:\n" + output);
    }

    /**
     * As docker/mosquitto/README.md says: the files readable by the user Mosquitto runs as (when started as root it
     * switches to user mosquitto), the password file, the ACL and the key readable by it alone.
     */
    private static void ownedAsTheReadmeSays(Path folder) throws IOException {
        boolean root = System.getProperty("user.name").equals("root");
        UserPrincipalLookupService users = folder.getFileSystem().getUserPrincipalLookupService();
        for (Path directory = folder; directory.getParent() != null; directory = directory.getParent()) {
            if (directory.startsWith(Path.of(System.getProperty("java.io.tmpdir")))
                    && !directory.equals(Path.of(System.getProperty("java.io.tmpdir")))) {
                Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.toList()) {
                if (root) {
                    Files.setOwner(file, users.lookupPrincipalByName("mosquitto"));
                }
                String name = file.getFileName().toString();
                if (name.equals("passwd") || name.equals("acl") || name.equals("server.key")) {
                    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
                }
            }
        }
    }
}
