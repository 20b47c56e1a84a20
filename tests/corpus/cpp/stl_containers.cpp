// std::vector, std::string, std::map, algorithms.
#include <vector>
#include <string>
#include <map>
#include <algorithm>
#include <numeric>

double vec_stats(const std::vector<double> &v) {
    if (v.empty()) return 0;
    std::vector<double> sorted(v);
    std::sort(sorted.begin(), sorted.end());
    double sum = std::accumulate(sorted.begin(), sorted.end(), 0.0);
    return sum / sorted.size() + sorted[sorted.size() / 2];
}

std::string join(const std::vector<std::string> &parts, const std::string &sep) {
    std::string out;
    for (size_t i = 0; i < parts.size(); i++) {
        if (i) out += sep;
        out += parts[i];
    }
    return out;
}

int word_count(const std::vector<std::string> &words) {
    std::map<std::string, int> counts;
    for (const auto &w : words) counts[w]++;
    int best = 0;
    for (const auto &kv : counts) best = std::max(best, kv.second);
    return best;
}

std::vector<int> squares(int n) {
    std::vector<int> r;
    r.reserve(n);
    for (int i = 0; i < n; i++) r.push_back(i * i);
    return r;
}
