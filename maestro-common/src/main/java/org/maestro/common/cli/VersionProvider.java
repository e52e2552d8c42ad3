package org.maestro.common.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;
import java.util.jar.Manifest;
import picocli.CommandLine.IVersionProvider;

/**
 * The version and build of Maestro, from the manifest that carries the build's commit (the command-line jar's), and
 * the Java it runs on; {@code development build} when run from classes.
 */
public final class VersionProvider implements IVersionProvider {
    /** The manifest entry the command-line jar's build writes. */
    static final String BUILD_COMMIT = "Build-Commit";

    @Override
    public String[] getVersion() {
        return new String[] {
            "maestro-cli " + buildVersion(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }

    private static String buildVersion() {
        try {
            Enumeration<URL> manifests = VersionProvider.class.getClassLoader().getResources("META-INF/MANIFEST.MF");
            while (manifests.hasMoreElements()) {
                try (InputStream in = manifests.nextElement().openStream()) {
                    Manifest manifest = new Manifest(in);
                    String version = manifest.getMainAttributes().getValue("Implementation-Version");
                    if (manifest.getMainAttributes().getValue(BUILD_COMMIT) != null && version != null) {
                        return version;
                    }
                }
            }
        } catch (IOException e) {
            // unreadable manifests: no build to name
        }
        return "development build";
    }
}
