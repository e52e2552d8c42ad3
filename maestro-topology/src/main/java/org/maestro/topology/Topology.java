package org.maestro.topology;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The nodes of a generated or running topology and the URLs clients use to reach them, so a
 * test script can name a node instead of a host and port.
 *
 * <pre>{@code
 * Topology topology = Topology.load(Path.of("topology-run/state.json"));   // or variables.yaml
 * String sendUrl = topology.clientUrl("router1", "test.queue");     // amqp://127.0.0.1:40123/test.queue
 * String receiveUrl = topology.clientUrl("router3", "test.queue");
 * String inspected = topology.clientUrl("router2");                 // amqp://127.0.0.1:40127
 * }</pre>
 *
 * Immutable and thread-safe.
 */
public final class Topology {

    private static final Pattern ADDRESS = Pattern.compile("[^\\s]+");

    private final String name;
    private final Map<String, NodeEndpoint> nodes;

    public Topology(String name, List<NodeEndpoint> nodes) {
        this.name = name;
        Map<String, NodeEndpoint> byName = new LinkedHashMap<>();
        nodes.forEach(n -> byName.put(n.name(), n));
        this.nodes = java.util.Collections.unmodifiableMap(byName);
    }

    /**
     * Reads the nodes from a file written by {@code topology generate} (the variables file,
     * YAML or JSON) or by {@code topology up} (the state file).
     */
    public static Topology load(Path file) {
        JsonNode root;
        try {
            String text = Files.readString(file);
            ObjectMapper mapper = file.toString().endsWith(".json") ? new ObjectMapper() : new YAMLMapper();
            root = mapper.readTree(text);
        } catch (NoSuchFileException e) {
            throw new TopologyException(
                    file.toString(),
                    "file not found; give a topology description, the variables file that topology generate "
                            + "wrote or the state file that topology up printed");
        } catch (IOException e) {
            throw new TopologyException(
                    file.toString(),
                    "cannot read it as a topology variables or state file: "
                            + e.getMessage().lines().findFirst().orElse(""));
        }
        if (root == null
                || !root.path("nodes").isArray()
                || !root.path("version").isInt()) {
            throw new TopologyException(
                    file.toString(),
                    "not a topology variables or state file: " + "expected 'version' and a list of 'nodes'");
        }
        if (root.path("version").asInt() != 1) {
            throw new TopologyException(
                    file.toString(),
                    "version " + root.path("version").asInt() + " is not supported; this version reads version 1");
        }
        List<NodeEndpoint> endpoints = new ArrayList<>();
        for (JsonNode node : root.path("nodes")) {
            String nodeName = node.path("name").asText(null);
            NodeType type = NodeType.fromLabel(node.path("type").asText("")).orElse(null);
            if (nodeName == null
                    || type == null
                    || !node.path("host").isTextual()
                    || !node.path("port").isInt()) {
                throw new TopologyException(
                        file.toString(),
                        "node entry " + node + " needs 'name', 'type' (router or broker), 'host' and 'port'");
            }
            endpoints.add(new NodeEndpoint(
                    nodeName,
                    type,
                    node.path("host").asText(),
                    node.path("port").asInt()));
        }
        return new Topology(root.path("name").asText(""), endpoints);
    }

    /** The topology name. */
    public String name() {
        return name;
    }

    /** The nodes in declaration order. */
    public List<NodeEndpoint> nodes() {
        return List.copyOf(nodes.values());
    }

    /** The node called {@code nodeName}; throws a {@link TopologyException} listing the known nodes otherwise. */
    public NodeEndpoint node(String nodeName) {
        NodeEndpoint node = nodes.get(nodeName);
        if (node == null) {
            throw new TopologyException(
                    "topology '" + name + "'",
                    "there is no node '" + nodeName + "'; nodes: " + String.join(", ", nodes.keySet()));
        }
        return node;
    }

    /** {@code amqp://host:port} of the node: what an AMQP inspector or a client connects to. */
    public String clientUrl(String nodeName) {
        return node(nodeName).url();
    }

    /**
     * {@code amqp://host:port/address}: a SEND_URL or RECEIVE_URL for {@code address} at node
     * {@code nodeName}. A leading {@code /} of the address is dropped.
     */
    public String clientUrl(String nodeName, String address) {
        String trimmed = address == null ? "" : address.startsWith("/") ? address.substring(1) : address;
        if (trimmed.isEmpty() || !ADDRESS.matcher(trimmed).matches()) {
            throw new TopologyException(
                    "topology '" + name + "'",
                    "address '" + address + "' is empty or contains spaces; give an AMQP address such as 'test.queue'");
        }
        return node(nodeName).url() + "/" + trimmed;
    }
}
