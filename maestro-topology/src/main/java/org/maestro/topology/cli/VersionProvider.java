package org.maestro.topology.cli;

import picocli.CommandLine.IVersionProvider;

/** The version of the topology commands, from the jar manifest ({@code development} when run from classes). */
public final class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[] {"maestro-topology " + (version == null ? "development" : version)};
    }
}
