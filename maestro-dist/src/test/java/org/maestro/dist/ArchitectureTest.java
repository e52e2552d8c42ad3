package org.maestro.dist;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.maestro.dist.fixture.api.ScriptStep;
import org.maestro.dist.fixture.cycle.first.First;
import org.maestro.dist.fixture.cycle.second.Second;
import org.maestro.dist.fixture.role.SenderStandIn;

/**
 * The module lines of the product, checked on the main classes of every module: no two packages depend on each other,
 * and the test API (maestro-client) knows no role and not the launcher. Each rule is also shown to fail on a fixture
 * that breaks it.
 */
class ArchitectureTest {
    /** Each package of the product is a slice: {@code org.maestro.client.api} and {@code org.maestro.client.api.search} are two. */
    static final ArchRule NO_PACKAGE_CYCLE = slices().matching("org.maestro.(**)")
            .should()
            .beFreeOfCycles()
            .because("a package that depends on another must not be needed by it: one line to read, one direction");

    /** The test API's packages against the role modules' and the launcher's. */
    static final ArchRule API_KNOWS_NO_ROLE = noDependency(
            "org.maestro.client..",
            "org.maestro.worker..",
            "org.maestro.inspector..",
            "org.maestro.agent..",
            "org.maestro.cli..");

    @Test
    void everyModuleOfTheProductIsChecked() {
        Set<String> expected = new TreeSet<>();
        Matcher module = Pattern.compile("<module>([^<]+)</module>").matcher(RepositoryFiles.read("pom.xml"));
        while (module.find()) {
            expected.add(module.group(1));
        }
        assertTrue(expected.size() > 10, "modules of the parent pom: " + expected);
        assertEquals(expected, ProductClasses.modules(ProductClasses.all()));
    }

    @Test
    void noTwoPackagesOfTheProductDependOnEachOther() {
        NO_PACKAGE_CYCLE.check(ProductClasses.all());
    }

    @Test
    void theTestApiDependsOnNoRoleAndNotOnTheLauncher() {
        API_KNOWS_NO_ROLE.check(ProductClasses.all());
    }

    @Test
    void twoPackagesThatUseEachOtherFailTheCycleRule() {
        JavaClasses cycle = new ClassFileImporter().importClasses(First.class, Second.class);
        AssertionError failure = assertThrows(AssertionError.class, () -> NO_PACKAGE_CYCLE.check(cycle));
        assertTrue(failure.getMessage().contains("Cycle detected"), failure.getMessage());
        assertTrue(failure.getMessage().contains("fixture.cycle.first"), failure.getMessage());
    }

    @Test
    void anApiClassThatUsesARoleFailsTheRoleRule() {
        JavaClasses classes = new ClassFileImporter().importClasses(ScriptStep.class, SenderStandIn.class);
        ArchRule rule = noDependency("org.maestro.dist.fixture.api..", "org.maestro.dist.fixture.role..");
        AssertionError failure = assertThrows(AssertionError.class, () -> rule.check(classes));
        assertTrue(failure.getMessage().contains(SenderStandIn.class.getName()), failure.getMessage());
    }

    /** No class of the first packages depends on a class of the others. */
    private static ArchRule noDependency(String packages, String... forbidden) {
        return noClasses()
                .that()
                .resideInAPackage(packages)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(forbidden)
                .because("the test API runs tests through the control broker; the roles it drives and the launcher"
                        + " that starts them live in maestro-cli, which hands the API what it needs (LocalSut,"
                        + " TopologyStarter)");
    }
}
