package org.maestro.common.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maestro.base.net.FreePorts;
import org.maestro.testing.Commands;
import org.maestro.testing.MosquittoProcess;
import org.maestro.testing.TestCertificates;

/**
 * The shipped {@code docker/mosquitto/mosquitto-secure.conf} and {@code acl}, run by a real Mosquitto on free loopback
 * ports, with a password file of the test's users and test certificates: the configuration a lab would use.
 */
public final class SecureMosquitto implements AutoCloseable {
    /** The user the shipped ACL gives the client's topics. */
    public static final String CLIENT_USER = "maestro-client";
    /** The user the shipped ACL gives the peers' topics. */
    public static final String PEER_USER = "maestro-peer";

    private static final Path SHIPPED = Path.of("..", "docker", "mosquitto");
    private static final String IMAGE_CONFIG_FOLDER = "/mosquitto/config/";

    private final MosquittoProcess process;
    private final int plainPort;
    private final int tlsPort;
    private final TestCertificates certificates;
    private final Path log;

    private SecureMosquitto(
            MosquittoProcess process, int plainPort, int tlsPort, TestCertificates certificates, Path log) {
        this.process = process;
        this.plainPort = plainPort;
        this.tlsPort = tlsPort;
        this.certificates = certificates;
        this.log = log;
    }

    /** Starts the broker in a folder with the given users (name to password) in its password file. */
    public static SecureMosquitto start(Path directory, Map<String, String> users)
            throws IOException, InterruptedException {
        Files.createDirectories(directory);
        writePasswordFile(directory, users);
        Files.copy(SHIPPED.resolve("acl"), directory.resolve("acl"));
        TestCertificates certificates = TestCertificates.create(directory.resolve("certs"));
        int plainPort = FreePorts.next();
        int tlsPort = FreePorts.next();
        Path log = directory.resolve("broker.log");
        List<String> configuration = localised(
                Files.readAllLines(SHIPPED.resolve("mosquitto-secure.conf")), directory, plainPort, tlsPort, log);
        MosquittoProcess process = MosquittoProcess.start(directory, configuration, plainPort, tlsPort);
        return new SecureMosquitto(process, plainPort, tlsPort, certificates, log);
    }

    private static void writePasswordFile(Path directory, Map<String, String> users)
            throws IOException, InterruptedException {
        boolean first = true;
        for (Map.Entry<String, String> user : users.entrySet()) {
            List<String> command = new ArrayList<>(List.of(MosquittoProcess.tool("mosquitto_passwd")));
            if (first) {
                command.add("-c");
            }
            command.addAll(List.of("-b", "passwd", user.getKey(), user.getValue()));
            Commands.run(directory, command);
            first = false;
        }
    }

    /**
     * The shipped configuration with its listeners moved to loopback and free ports, its files to the test's folder,
     * its log to a file (flushed line by line, unlike stdout), with debug lines (they report denied publications).
     */
    private static List<String> localised(List<String> shipped, Path directory, int plainPort, int tlsPort, Path log) {
        List<String> lines = new ArrayList<>();
        int listeners = 0;
        int files = 0;
        for (String line : shipped) {
            String changed = line;
            if (line.startsWith("listener 1883 ")) {
                changed = "listener " + plainPort + " 127.0.0.1";
                listeners++;
            } else if (line.startsWith("listener 8883 ")) {
                changed = "listener " + tlsPort + " 127.0.0.1";
                listeners++;
            } else if (line.equals("log_dest stdout")) {
                changed = "log_dest file " + log;
            } else if (!line.startsWith("#") && line.contains(IMAGE_CONFIG_FOLDER)) {
                changed = line.replace(IMAGE_CONFIG_FOLDER, directory.toAbsolutePath() + "/");
                files++;
            }
            lines.add(changed);
        }
        if (listeners != 2 || files != 5) {
            throw new IllegalStateException("mosquitto-secure.conf no longer has the listeners 1883 and 8883 and the "
                    + "five files under " + IMAGE_CONFIG_FOLDER + " this test expects: " + listeners + " listeners, "
                    + files + " files");
        }
        lines.add("log_type debug");
        lines.add(MosquittoProcess.sameUser());
        return lines;
    }

    /** The plain listener's URL with a login ({@code ""}, {@code "user"} or {@code "user:password"}). */
    public String plainUrl(String login) {
        return "mqtt://" + (login.isEmpty() ? "" : login + "@") + "127.0.0.1:" + plainPort;
    }

    /** The TLS listener's URL with a login ({@code ""}, {@code "user"} or {@code "user:password"}). */
    public String tlsUrl(String login) {
        return "mqtts://" + (login.isEmpty() ? "" : login + "@") + "127.0.0.1:" + tlsPort;
    }

    public TestCertificates certificates() {
        return certificates;
    }

    /** What the broker logged so far (connections, refusals, denied publications). */
    public String log() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }

    @Override
    public void close() throws InterruptedException {
        process.close();
    }
}
