package org.maestro.client.cli;

import picocli.CommandLine;

/** Prints the version and build of Maestro from the jar manifest, and the Java runtime it runs on. */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        Package pkg = MaestroCli.class.getPackage();
        String version = pkg.getImplementationVersion() != null ? pkg.getImplementationVersion() : "development build";
        return new String[] {
            "maestro-cli " + version,
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }
}
