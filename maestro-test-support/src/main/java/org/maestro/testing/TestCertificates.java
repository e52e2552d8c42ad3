package org.maestro.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A test CA, a broker certificate it signed for 127.0.0.1 and localhost (PEM, for Mosquitto), and a PKCS12 trust
 * store holding the CA (for Java), made with openssl and keytool as docker/mosquitto/README.md shows.
 */
public final class TestCertificates {
    /** The trust store's password; a trust store holds no secret, only certificates. */
    public static final String TRUST_STORE_PASSWORD = "changeit";

    private final Path directory;

    private TestCertificates(Path directory) {
        this.directory = directory;
    }

    /** Makes the CA, the broker's key and certificate, and the trust store in a folder. */
    public static TestCertificates create(Path directory) throws IOException, InterruptedException {
        Files.createDirectories(directory);
        selfSignedCertificate(directory, "ca", "/CN=Maestro test control CA");
        Commands.run(
                directory,
                List.of(
                        "openssl",
                        "req",
                        "-newkey",
                        "rsa:2048",
                        "-nodes",
                        "-subj",
                        "/CN=127.0.0.1",
                        "-keyout",
                        "server.key",
                        "-out",
                        "server.csr"));
        Files.writeString(directory.resolve("server.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
        Commands.run(
                directory,
                List.of(
                        "openssl",
                        "x509",
                        "-req",
                        "-in",
                        "server.csr",
                        "-CA",
                        "ca.crt",
                        "-CAkey",
                        "ca.key",
                        "-CAcreateserial",
                        "-days",
                        "2",
                        "-extfile",
                        "server.ext",
                        "-out",
                        "server.crt"));
        Commands.run(
                directory,
                List.of(
                        Path.of(System.getProperty("java.home"), "bin", "keytool")
                                .toString(),
                        "-importcert",
                        "-noprompt",
                        "-alias",
                        "maestro-control-ca",
                        "-file",
                        "ca.crt",
                        "-keystore",
                        "control-ca.p12",
                        "-storetype",
                        "PKCS12",
                        "-storepass",
                        TRUST_STORE_PASSWORD));
        return new TestCertificates(directory);
    }

    /** The folder that holds ca.crt, server.crt and server.key, as Mosquitto's configuration names them. */
    public Path directory() {
        return directory;
    }

    /** The PKCS12 trust store with the CA, for {@code -Djavax.net.ssl.trustStore}. */
    public Path trustStore() {
        return directory.resolve("control-ca.p12");
    }

    /**
     * Makes a self-signed certificate for 127.0.0.1 that no trust store holds, as {@code <name>.crt} and
     * {@code <name>.key} in the folder: for a listener whose certificate a client must refuse.
     */
    public void selfSigned(String name) throws IOException, InterruptedException {
        selfSignedCertificate(directory, name, "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1");
    }

    /**
     * Makes a self-signed certificate for {@code subject}, valid for 2 days, as {@code <name>.crt} and
     * {@code <name>.key} in the folder; {@code options} go to {@code openssl req} as well.
     */
    private static void selfSignedCertificate(Path directory, String name, String subject, String... options)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", subject));
        command.addAll(List.of(options));
        command.addAll(List.of("-keyout", name + ".key", "-out", name + ".crt"));
        Commands.run(directory, command);
    }

    /**
     * A PKCS12 key store of {@code <name>.key} and {@code <name>.crt} ({@code server} for the one the CA signed),
     * with the password {@link #TRUST_STORE_PASSWORD}: for a Java server's TLS listener.
     */
    public Path keyStore(String name) throws IOException, InterruptedException {
        Commands.run(
                directory,
                List.of(
                        "openssl",
                        "pkcs12",
                        "-export",
                        "-in",
                        name + ".crt",
                        "-inkey",
                        name + ".key",
                        "-name",
                        name,
                        "-out",
                        name + ".p12",
                        "-passout",
                        "pass:" + TRUST_STORE_PASSWORD));
        return directory.resolve(name + ".p12");
    }

    /**
     * Makes the trust store the JVM's default one ({@code javax.net.ssl.trustStore} and its password), as a client
     * started with {@code -Djavax.net.ssl.trustStore} would have, until the handle is closed, which puts the former
     * properties back. Call it before anything in the JVM makes the default SSL context.
     */
    public JvmTrustStore trustedByTheJvm() {
        return new JvmTrustStore(trustStore());
    }

    /** The JVM's trust store properties while a test needs them set; closing puts the former ones back. */
    public static final class JvmTrustStore implements AutoCloseable {
        private static final String STORE = "javax.net.ssl.trustStore";
        private static final String PASSWORD = "javax.net.ssl.trustStorePassword";
        private final String formerStore = System.getProperty(STORE);
        private final String formerPassword = System.getProperty(PASSWORD);

        private JvmTrustStore(Path store) {
            System.setProperty(STORE, store.toString());
            System.setProperty(PASSWORD, TRUST_STORE_PASSWORD);
        }

        @Override
        public void close() {
            restore(STORE, formerStore);
            restore(PASSWORD, formerPassword);
        }

        private static void restore(String property, String value) {
            if (value == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, value);
            }
        }
    }
}
