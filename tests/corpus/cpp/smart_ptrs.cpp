// unique_ptr / shared_ptr / weak_ptr (atomic reference counts), move semantics.
#include <memory>
#include <utility>

struct Node {
    double value;
    std::unique_ptr<Node> next;
    explicit Node(double v) : value(v) {}
};

double chain_sum(int n) {
    std::unique_ptr<Node> head;
    for (int i = 0; i < n; i++) {
        auto node = std::make_unique<Node>(i);
        node->next = std::move(head);
        head = std::move(node);
    }
    double s = 0;
    for (Node *p = head.get(); p; p = p->next.get()) s += p->value;
    return s;
}

long shared_count() {
    auto a = std::make_shared<double>(1.5);
    std::shared_ptr<double> b = a;
    std::weak_ptr<double> w = a;
    b.reset();
    return a.use_count() + (w.lock() ? 1 : 0);
}
