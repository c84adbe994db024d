/// The made-up words a synthetic diary is built from: Korean, English and both mixed.
enum CorpusPhrases {
    static let koreanSentences = [
        "오늘은 아침 일찍 일어나서 공원을 산책했다", "점심으로 김치찌개를 먹었는데 정말 맛있었다",
        "회사에서 회의가 길어져서 조금 피곤했다", "친구와 카페에서 오랜만에 이야기를 나눴다",
        "비가 와서 창밖을 한참 바라보았다", "저녁에는 가족과 함께 영화를 봤다",
        "새로 산 책을 몇 페이지 읽다가 잠들었다", "버스를 놓쳐서 학교까지 걸어갔다",
        "엄마가 보내준 반찬 덕분에 든든했다", "운동을 하고 나니 기분이 한결 가벼워졌다",
        "내일 발표가 있어서 마음이 조금 불안하다", "동생이 시험에 합격했다는 소식을 들었다",
        "하늘이 맑아서 사진을 여러 장 찍었다", "퇴근길에 편의점에서 아이스크림을 샀다",
        "오래된 일기장을 꺼내 읽으며 웃었다", "고양이가 하루 종일 내 옆에서 잠을 잤다",
        "주말 계획을 세우면서 설레는 마음이 들었다", "감기 기운이 있어서 일찍 누웠다",
        "시장에서 할머니께 귤을 한 봉지 샀다", "밤하늘에 별이 유난히 많이 보였다",
        "작은 실수 때문에 하루 종일 마음이 쓰였다", "오랜만에 피아노를 쳤더니 손이 굳어 있었다",
        "도서관에서 조용히 공부하는 시간이 좋았다", "지하철에서 자리를 양보했더니 뿌듯했다",
    ]
    static let englishSentences = [
        "I woke up before the alarm and watched the light come in", "The meeting ran long and nobody decided anything",
        "We walked along the river until the wind got cold", "I finally finished the book I started last month",
        "Dinner was simple: rice, soup and a little kimchi", "My sister called and we laughed about old photos",
        "The train was late again, so I read on the platform", "I cleaned my desk and felt strangely proud",
        "It rained all afternoon and the city smelled of wet leaves", "I tried a new recipe and it mostly worked",
        "Work was quiet, which gave me time to think", "A stranger helped me carry groceries up the stairs",
        "I could not sleep, so I wrote a long letter I will not send", "The park was full of dogs and small children",
        "I spent too much money on coffee this week", "We planned a trip to the sea for next month",
        "My knee hurts after the long run this morning", "The new project feels big but exciting",
        "I fixed the bike chain with my own hands", "Grandma taught me her way of folding dumplings",
    ]
    static let mixedSentences = [
        "오늘 meeting은 생각보다 짧게 끝났다", "카페에서 latte를 마시며 plan을 정리했다",
        "Weekend에는 친구들과 hiking을 가기로 했다", "새 laptop이 도착해서 setup을 하느라 바빴다",
        "퇴근 후 gym에 가서 running을 30분 했다", "Netflix에서 다큐멘터리를 보다가 늦게 잤다",
    ]
    static let englishTitles = [
        ("첫눈", "First snow"), ("산책", "A long walk"), ("비 오는 날", "Rainy day"), ("새 출발", "A fresh start"),
        ("작은 행복", "Small joys"), ("피곤한 하루", "A tiring day"), ("친구", "Old friends"), ("바다", "The sea"),
        ("가족 저녁", "Family dinner"), ("발표 준비", "Getting ready"), ("봄바람", "Spring wind"), ("늦잠", "Slept in"),
    ]
    static let tags = [
        "walk", "work", "family", "friends", "food", "coffee", "reading", "music", "travel", "rain",
        "exercise", "sleep", "study", "movie", "cooking", "health", "money", "weekend", "school", "cat",
        "산책", "회사", "가족", "친구", "음식", "카페", "독서", "음악", "여행", "비",
        "운동", "잠", "공부", "영화", "요리", "건강", "주말", "학교", "고양이", "Seoul",
    ]
    static let emotionWeights: [(String, Int)] = [
        ("calm", 22), ("happy", 20), ("tired", 16), ("grateful", 12),
        ("anxious", 10), ("sad", 8), ("excited", 7), ("angry", 5),
    ]
    /// id, Korean label, emoji, colour, aliases.
    static let emotions: [(String, String, String, String, [String])] = [
        ("happy", "행복", "😊", "#f5c542", ["joy", "기쁨"]), ("sad", "슬픔", "😢", "#5b8def", ["우울"]),
        ("angry", "화남", "😠", "#e5534b", ["분노"]), ("anxious", "불안", "😰", "#a371f7", ["걱정"]),
        ("calm", "평온", "😌", "#3fb68b", ["차분"]), ("grateful", "감사", "🙏", "#f0883e", ["고마움"]),
        ("tired", "피곤", "😴", "#8b949e", ["지침"]), ("excited", "설렘", "🤩", "#db61a2", ["신남"]),
    ]
    static let imageNames = ["cat", "sky", "sea", "tree", "cafe", "street"]
    static let links = [
        ("지도", "https://example.com/map"), ("recipe", "https://example.org/recipes/kimchi-jjigae"),
        ("playlist", "https://example.net/music?list=rain"), ("기사", "https://news.example.com/2024/story"),
    ]
}
