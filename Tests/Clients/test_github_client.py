"""The repository-search example's GitHub dialect through PyGithub: a search paged by its `Link`
headers, sorted as asked, every item whole."""

import datetime

import github


def test_pygithub_pages_through_a_sorted_search(simulator):
    client = github.Github(base_url=simulator.http("GitHub"), per_page=5, retry=None)
    results = client.search_repositories("tokio", sort="stars", order="asc")
    total = results.totalCount
    repositories = list(results)
    assert total > 5 and len(repositories) == total, (total, len(repositories))
    stars = [r.stargazers_count for r in repositories]
    assert stars == sorted(stars), stars
    now = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(minutes=5)
    assert all(r.updated_at <= now and r.pushed_at <= now for r in repositories)
    first = repositories[0]
    assert first.url.startswith(simulator.http("GitHub"))
    fetched = client.get_repo(first.full_name)
    assert fetched.full_name == first.full_name and fetched.stargazers_count == first.stargazers_count


def test_pygithub_sorts_by_updated(simulator):
    client = github.Github(base_url=simulator.http("GitHub"), per_page=30, retry=None)
    updated = [r.updated_at for r in client.search_repositories("tokio", sort="updated", order="desc")]
    assert updated and updated == sorted(updated, reverse=True)
