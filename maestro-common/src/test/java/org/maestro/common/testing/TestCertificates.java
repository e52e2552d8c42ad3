package org.maestro.common.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        Commands.run(directory, List.of("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                "-subj", "/CN=Maestro test control CA", "-keyout", "ca.key", "-out", "ca.crt"));
        Commands.run(directory, List.of("openssl", "req", "-newkey", "rsa:2048", "-nodes",
                "-subj", "/CN=127.0.0.1", "-keyout", "server.key", "-out", "server.csr"));
        Files.writeString(directory.resolve("server.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
        Commands.run(directory, List.of("openssl", "x509", "-req", "-in", "server.csr", "-CA", "ca.crt",
                "-CAkey", "ca.key", "-CAcreateserial", "-days", "2", "-extfile", "server.ext", "-out", "server.crt"));
        Commands.run(directory, List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-importcert", "-noprompt", "-alias", "maestro-control-ca", "-file", "ca.crt",
                "-keystore", "control-ca.p12", "-storetype", "PKCS12", "-storepass", TRUST_STORE_PASSWORD));
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
}
