package org.maestro.topology.cli;

import java.nio.file.Path;
import org.maestro.topology.TopologyException;
import org.maestro.topology.input.DescriptionReader;
import org.maestro.topology.input.Inventory;
import org.maestro.topology.input.InventoryReader;
import org.maestro.topology.input.TopologyDescription;
import org.maestro.topology.input.TopologyShape;
import picocli.CommandLine.Option;

/** Where a command reads its topology from: a description file, or a standard shape over an inventory. */
public final class TopologySourceOptions {

    @Option(
            names = {"-i", "--input"},
            paramLabel = "FILE",
            description = "Topology description (YAML).")
    Path input;

    @Option(
            names = {"-t", "--type"},
            paramLabel = "TYPE",
            description = "Standard shape laid over the inventory in order: line, circle, complete or star.")
    String type;

    @Option(names = "--inventory", paramLabel = "FILE", description = "Inventory of nodes (YAML), with --type.")
    Path inventory;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "Topology name with --type (default: <type>-<inventory file name>).")
    String name;

    /** The file or inventory the description comes from, for messages. */
    String source() {
        return input != null ? input.toString() : inventory == null ? "command line" : inventory.toString();
    }

    /** Reads the description; a missing or conflicting choice is a {@link TopologyException}. */
    TopologyDescription load() {
        if (input != null && (type != null || inventory != null)) {
            throw new TopologyException(
                    "command line", "give either --input FILE or --type TYPE with --inventory FILE, not both");
        }
        if (input != null) {
            return DescriptionReader.read(input);
        }
        if (type == null || inventory == null) {
            throw new TopologyException(
                    "command line",
                    "say what to build: --input FILE, or --type TYPE with --inventory FILE" + " (types: "
                            + TopologyShape.labels() + ")");
        }
        TopologyShape shape = TopologyShape.fromLabel(type)
                .orElseThrow(() -> new TopologyException(
                        "command line", "--type " + type + " is not known; use one of: " + TopologyShape.labels()));
        Inventory nodes = InventoryReader.read(inventory);
        String fileName = inventory.getFileName().toString().replaceFirst("\\.[^.]+$", "");
        return shape.describe(name != null ? name : shape.label() + "-" + fileName, nodes, inventory.toString());
    }
}
