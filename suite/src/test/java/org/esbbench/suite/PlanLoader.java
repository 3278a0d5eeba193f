package org.esbbench.suite;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

import org.apache.jmeter.JMeter;
import org.apache.jmeter.control.ReplaceableController;
import org.apache.jmeter.exceptions.IllegalUserActionException;
import org.apache.jmeter.gui.tree.JMeterTreeModel;
import org.apache.jmeter.gui.tree.JMeterTreeNode;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.HashTreeTraverser;
import org.apache.jorphan.collections.SearchByClass;

/**
 * Loads plans the way JMeter does before a run, inside the laid-out JMeter's class path (PlanLoadIT starts
 * it as a child JVM with exactly that class path): {@link SaveService#loadTree} (which instantiates every
 * test class), a lookup of every element's test and GUI class (the GUI classes are only loaded by the
 * GUI), then {@link JMeter#convertSubTree} (Module Controllers resolved, disabled elements removed), after
 * which every thread group must reach a sampler.
 *
 * <p>Usage: {@code PlanLoader <jmeter home> <plan.jmx>...}; prints {@code OK <plan>} or
 * {@code FAIL <plan>: <why>} per plan and exits 1 when any failed.
 */
public final class PlanLoader {

    private PlanLoader() {
    }

    public static void main(String[] args) throws Exception {
        File home = new File(args[0]);
        JMeterUtils.setJMeterHome(home.getPath());
        JMeterUtils.loadJMeterProperties(new File(home, "bin/jmeter.properties").getPath());
        JMeterUtils.initLocale();
        boolean allLoaded = true;
        for (int i = 1; i < args.length; i++) {
            File plan = new File(args[i]);
            List<String> problems = new ArrayList<>();
            try {
                problems.addAll(problemsOf(SaveService.loadTree(plan)));
            } catch (Exception | LinkageError e) {
                problems.add("does not load: " + e);
            }
            allLoaded &= problems.isEmpty();
            System.out.println(problems.isEmpty() ? "OK " + plan.getName()
                : "FAIL " + plan.getName() + ": " + String.join("; ", problems));
        }
        System.exit(allLoaded ? 0 : 1);
    }

    private static List<String> problemsOf(HashTree loaded) {
        HashTree tree = loaded;
        List<String> problems = new ArrayList<>();
        tree.traverse(new HashTreeTraverser() {
            @Override
            public void addNode(Object node, HashTree subTree) {
                if (node instanceof TestElement element) {
                    resolve(element, TestElement.TEST_CLASS, problems);
                    resolve(element, TestElement.GUI_CLASS, problems);
                }
            }

            @Override
            public void subtractNode() {
            }

            @Override
            public void processPath() {
            }
        });
        // As JMeter's non-GUI start does: Module Controllers find their target through a tree model.
        JMeterTreeModel model = new JMeterTreeModel(new Object());
        try {
            model.addSubTree(tree, (JMeterTreeNode) model.getRoot());
        } catch (IllegalUserActionException e) {
            problems.add("not a valid plan tree: " + e.getMessage());
            return problems;
        }
        SearchByClass<ReplaceableController> replaceable = new SearchByClass<>(ReplaceableController.class);
        tree.traverse(replaceable);
        for (ReplaceableController controller : replaceable.getSearchResults()) {
            controller.resolveReplacementSubTree((JMeterTreeNode) model.getRoot());
        }
        tree = model.getTestPlan();
        JMeter.convertSubTree(tree, true);
        SearchByClass<AbstractThreadGroup> groups = new SearchByClass<>(AbstractThreadGroup.class);
        tree.traverse(groups);
        if (groups.getSearchResults().isEmpty()) {
            problems.add("no thread group");
        }
        for (AbstractThreadGroup group : groups.getSearchResults()) {
            SearchByClass<Sampler> samplers = new SearchByClass<>(Sampler.class);
            groups.getSubTree(group).traverse(samplers);
            if (samplers.getSearchResults().isEmpty()) {
                problems.add("thread group '" + group.getName() + "' reaches no sampler after conversion");
            }
        }
        return problems;
    }

    private static void resolve(TestElement element, String classProperty, List<String> problems) {
        String className = element.getPropertyAsString(classProperty);
        if (className.isEmpty()) {
            return;
        }
        // Saved plans abbreviate JMeter's own classes (HttpTestSampleGui); SaveService knows the full names.
        String fullName = SaveService.aliasToClass(className);
        try {
            Class.forName(fullName, false, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            problems.add("'" + element.getName() + "': " + classProperty + " " + fullName + " not found");
        }
    }
}
