package org.maestro.topology.local;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.maestro.common.files.AtomicFiles;
import org.maestro.topology.TopologyException;

/**
 * The state file {@code topology up} writes once the topology runs and {@code topology down}
 * reads: who owns it, and every node's URL and, for routers, process id. JSON, format version 1;
 * {@link org.maestro.topology.Topology#load} reads it as well.
 *
 * @param version  format version, 1
 * @param name     topology name
 * @param ownerPid process id of the {@code up} process that holds the brokers
 * @param workDir  directory of configurations and logs
 * @param nodes    the nodes
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"version", "name", "ownerPid", "workDir", "nodes"})
public record TopologyState(int version, String name, long ownerPid, String workDir, List<Node> nodes) {

    /** The format version written. */
    public static final int FORMAT_VERSION = 1;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * One node of a running topology.
     *
     * @param name    node name
     * @param type    {@code router} or {@code broker}
     * @param host    host clients use
     * @param port    client port
     * @param url     client URL
     * @param pid     routers: process id
     * @param started routers: process start time (ISO-8601), to recognise the process later
     * @param log     routers: log file
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"name", "type", "host", "port", "url", "pid", "started", "log"})
    public record Node(
            String name, String type, String host, int port, String url, Long pid, String started, String log) {}

    /** Writes the file atomically (a reader never sees half of it). */
    public void write(Path file) throws IOException {
        AtomicFiles.writeString(file, JSON.writeValueAsString(this));
    }

    /** Reads a state file; a missing or unreadable file is a {@link TopologyException}. */
    public static TopologyState read(Path file) {
        if (!Files.exists(file)) {
            throw new TopologyException(
                    file.toString(),
                    "no topology state here; nothing is up "
                            + "(give --state the file that topology up printed, or the --work-dir it was given)");
        }
        try {
            TopologyState state = JSON.readValue(file.toFile(), TopologyState.class);
            if (state.version() != FORMAT_VERSION) {
                throw new TopologyException(
                        file.toString(),
                        "state format version " + state.version() + " is not supported; this version reads "
                                + FORMAT_VERSION);
            }
            return state;
        } catch (IOException e) {
            throw new TopologyException(
                    file.toString(),
                    "not a topology state file: "
                            + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** The file whose appearance asks the {@code up} process owning {@code stateFile} to stop. */
    public static Path stopRequest(Path stateFile) {
        return stateFile.resolveSibling(stateFile.getFileName() + ".stop");
    }
}
