package org.maestro.topology.input;

import java.util.ArrayList;
import java.util.List;

/**
 * The hosts a generated topology ({@code --type line|circle|complete|star}) is laid over, in the
 * order the shape uses them. Plain data, read by {@link InventoryReader}.
 */
public final class Inventory {

    /** Format version of the inventory; only 1 exists. */
    public Integer version = 1;

    /** The nodes, in order. */
    public List<InventoryNode> nodes = new ArrayList<>();
}
