package org.maestro.agent.actions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Tells whether this process may change network settings (the CAP_NET_ADMIN capability on Linux). */
public final class Privileges {
    private static final int CAP_NET_ADMIN = 12;

    private Privileges() {}

    /** True when this process has CAP_NET_ADMIN in its effective set (root has it). */
    public static boolean hasNetAdmin() {
        return hasNetAdmin(Path.of("/proc/self/status"));
    }

    /** Reads the {@code CapEff} line of a {@code /proc/<pid>/status} file; false when it cannot be read. */
    static boolean hasNetAdmin(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("CapEff:")) {
                    long effective = Long.parseUnsignedLong(
                            line.substring("CapEff:".length()).trim(), 16);
                    return (effective & (1L << CAP_NET_ADMIN)) != 0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return false;
        }
        return false;
    }
}
